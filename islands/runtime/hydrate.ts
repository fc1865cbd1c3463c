import { createElement, type FunctionComponent, type ReactNode, useLayoutEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';

/** Hydrates one island root with the server's identifierPrefix; resolves once its handlers are live. */
export function hydrate(
  root: HTMLElement,
  component: FunctionComponent<never>,
  props: object,
  identifierPrefix: string,
): Promise<void> {
  return new Promise((resolve) => {
    const island = createElement(component as FunctionComponent<object>, props);
    hydrateRoot(root, createElement(Committed, { onCommit: resolve }, island), { identifierPrefix });
  });
}

/** Renders no element of its own, so the tree (and every useId) matches the server's. */
function Committed({ onCommit, children }: { onCommit: () => void; children?: ReactNode }) {
  useLayoutEffect(onCommit, [onCommit]);
  return children;
}
