/**
 * The public pages' only script (decision 0028): hydrates each island of the page (`<div data-island>`,
 * its props in the JSON script right before it) as its own React root. No router: links between public
 * pages are ordinary document loads, served from the page cache. The server's loader script imports this
 * module after the first paint and calls `start` with the built module of each island on the page.
 */
import { I18nProvider } from '@lingui/react';
import { createElement, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { CATALOG_SCRIPT_ID, i18nFor, type PageCatalog } from './lib/i18n';
import { objectOf, type Json, type JsonObject } from '../content/json';

/** An island's component: its props are the JSON the server wrote beside it. */
type IslandComponent = ComponentType<JsonObject>;

/** Renders nothing of its own; tells the caller once its island has committed. */
function Hydrated({ children, done }: { children: ReactNode; done: () => void }) {
  useEffect(() => done(), [done]);
  return children;
}

function propsOf(el: HTMLElement, name: string): JsonObject {
  const script = el.previousElementSibling;
  if (script?.getAttribute('data-island-props') !== name) return {};
  return objectOf(JSON.parse(script.textContent || '{}') as Json) ?? {};
}

/** The page's locale and compiled messages, as the server rendered them (decision 0063). */
function pageCatalog(): PageCatalog {
  const el = document.getElementById(CATALOG_SCRIPT_ID);
  const parsed = el ? (JSON.parse(el.textContent || '{}') as Partial<PageCatalog>) : {};
  return {
    locale: parsed.locale ?? 'en',
    messages: parsed.messages ?? {},
    ...(parsed.dates ? { dates: parsed.dates } : {}),
  };
}

/** `modules`: island name → URL of its built module (default export: the component). */
export async function start(modules: Record<string, string>): Promise<void> {
  const i18n = i18nFor(pageCatalog());
  const loading = new Map<string, Promise<IslandComponent>>();
  const load = (url: string): Promise<IslandComponent> => {
    let p = loading.get(url);
    if (!p) {
      p = (import(/* @vite-ignore */ url) as Promise<{ default: IslandComponent }>).then((m) => m.default);
      loading.set(url, p);
    }
    return p;
  };
  const islands = [...document.querySelectorAll<HTMLElement>('[data-island]')];
  await Promise.all(
    islands.map(async (el) => {
      const name = el.dataset.island ?? '';
      const url = modules[name];
      if (!url) throw new Error(`island "${name}" has no built module`);
      const Component = await load(url);
      const props = propsOf(el, name);
      await new Promise<void>((resolve) => {
        const done = () => {
          // Decision 0031: the island is live; the head's replay script clicks again what was pressed before.
          el.setAttribute('data-hydrated', 'true');
          el.dispatchEvent(new Event('islandhydrated'));
          resolve();
        };
        hydrateRoot(
          el,
          createElement(
            I18nProvider,
            { i18n },
            createElement(Hydrated, { done, children: createElement(Component, props) }),
          ),
        );
      });
    }),
  );
  // The browser tests (and anyone curious) can tell the page is interactive.
  document.querySelector('.public-site')?.setAttribute('data-hydrated', 'true');
}
