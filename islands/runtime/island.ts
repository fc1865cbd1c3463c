import type { FunctionComponent } from 'react';

/** An island: a component the server renders and the browser hydrates, known by its file's name. */
export type IslandComponent<P> = FunctionComponent<P> & { islandName: string };

/**
 * Marks a component as the island of its file (islands/<name>.tsx). The build finds islands by folder;
 * the name given here must be the file's (a test checks every island), since the browser loads it by name.
 */
export function island<P>(name: string, component: FunctionComponent<P>): IslandComponent<P> {
  return Object.assign(component, { islandName: name });
}
