import { createElement, type FunctionComponent } from 'react';
import { renderToString } from 'react-dom/server';
import type { IslandComponent } from '../../islands/runtime/island';
import { type Trigger, useRenderContext } from '../context';

/**
 * Server-renders an island inside a root that names it, its trigger and its props. Each root is rendered
 * on its own with a prefix of its own, the same one the browser hydrates with, so useId never collides.
 */
export function Island<P extends object>(props: { of: IslandComponent<P>; props: P; trigger?: Trigger }) {
  const context = useRenderContext();
  const name = props.of.islandName;
  const trigger = props.trigger ?? 'interaction';
  const prefix = `${name}${context.islands.length}-`;
  context.islands.push({ name, trigger });
  const html = renderToString(createElement(props.of as FunctionComponent<P>, props.props), {
    identifierPrefix: prefix,
  });
  return (
    <div
      className="island"
      data-island={name}
      data-trigger={trigger}
      data-prefix={prefix}
      data-props={JSON.stringify(props.props)}
      // React's own escaped output for the island, rendered above with the island's prefix.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
