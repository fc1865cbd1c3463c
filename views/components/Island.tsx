import { type ComponentProps, createElement, type FunctionComponent } from 'react';
import { renderToString } from 'react-dom/server';
import * as registry from '../../islands/registry';
import { type Trigger, useRenderContext } from '../context';

export type IslandName = keyof typeof registry;

/**
 * Server-renders an island inside a root that names it, its trigger and its props. Each root is rendered
 * on its own with a prefix of its own, the same one the browser hydrates with, so useId never collides.
 */
export function Island<N extends IslandName>(props: {
  name: N;
  props: ComponentProps<(typeof registry)[N]>;
  trigger?: Trigger;
}) {
  const context = useRenderContext();
  const trigger = props.trigger ?? 'interaction';
  const prefix = `${props.name}${context.islands.length}-`;
  context.islands.push({ name: props.name, trigger });
  const component = registry[props.name] as FunctionComponent<object>;
  const html = renderToString(createElement(component, props.props as object), { identifierPrefix: prefix });
  return (
    <div
      className="island"
      data-island={props.name}
      data-trigger={trigger}
      data-prefix={prefix}
      data-props={JSON.stringify(props.props)}
      // React's own escaped output for the island, rendered above with the island's prefix.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
