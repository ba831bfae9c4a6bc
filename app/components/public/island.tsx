import type { ComponentType } from 'react';

/**
 * Islands (decision 0028): a public page is server-rendered whole, and in the browser only its interactive
 * parts are hydrated, each as its own React root, without React Router. Every island has a module
 * `app/islands/<name>.tsx` whose default export is the component; the build bundles each separately.
 */
export const ISLAND_NAMES = [
  'navbar',
  'disclaimer',
  'calendar',
  'ads',
  'carousel',
  'reviews',
  'partners',
  'list-error',
  'event-status',
  'attachment',
  'print',
  'faqs',
  'booking-times',
] as const;
export type IslandName = (typeof ISLAND_NAMES)[number];

/** JSON for a <script type="application/json">: '<' escaped, so no '</script>' in the data can end it. */
export function islandJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * The server side of an island: its props as JSON in a script right before it, and its HTML in a
 * `<div data-island>` (display: contents, so the layout is as if the div were not there), the container
 * the browser hydrates. Props must be plain data (they travel as JSON). In development, where React
 * Router hydrates the whole page, the same markup is hydrated as part of it.
 */
export function island<P extends object>(name: IslandName, Component: ComponentType<P>) {
  function Island(props: P) {
    return (
      <>
        <script
          type="application/json"
          data-island-props={name}
          dangerouslySetInnerHTML={{ __html: islandJson(props) }}
        />
        <div data-island={name}>
          <Component {...props} />
        </div>
      </>
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
}
