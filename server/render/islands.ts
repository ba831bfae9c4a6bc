import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The islands' loader (decision 0028). A public page of the production build carries no React Router
 * script: the renderer adds one inline module script that waits for the first paint (decision 0010), adds
 * modulepreload links for the islands runtime and the modules of the islands this page holds (all download
 * in parallel), then imports the runtime and hydrates each island.
 */

/** What the build (scripts/islands.ts) writes beside the client build (islands.json): URLs under /assets/islands/. */
export interface IslandsManifest {
  /** The runtime (app/islands.client.tsx) and the chunks it imports (React, React DOM). */
  entry: string;
  imports: string[];
  /** Island name → its module, then the chunks it imports (beyond the runtime's). */
  islands: Record<string, string[]>;
}

/** Reads <build>/islands.json (beside <build>/client); null when the build has none (development). */
export function readIslandsManifest(clientDir: string): IslandsManifest | null {
  const file = path.join(path.dirname(clientDir), 'islands.json');
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as IslandsManifest;
}

/**
 * Resolves at the first paint, read from the browser's paint timing (no timers, so a page under a test's
 * paused clock hydrates too); at once in a hidden tab (which does not paint), and after 3 s at the latest.
 */
export const WAIT_FOR_PAINT =
  "if (document.visibilityState !== 'hidden') await new Promise((r) => { try { const o = new PerformanceObserver(() => { o.disconnect(); r(); }); o.observe({ type: 'paint', buffered: true }); } catch { r(); } setTimeout(r, 3000); });";

/**
 * The first press is not lost (decision 0031). Between the first paint and an island's hydration its
 * buttons have no handlers yet: this classic script, inlined at the top of the head, holds back a click on a
 * button (or `[role=button]`, or Enter/Space on a `[role=button]` that is not a button: a real button turns
 * those keys into a click) inside an island not yet marked `data-hydrated`, and keeps it. The runtime marks
 * each island as its root commits and dispatches `islandhydrated` on it; its held presses are then clicked
 * again, in order, once each (a press whose button is gone is dropped). Links, anything inside an
 * `<a href>`, and a form's submit buttons (the consultation form posts without script) are never held.
 * Once no island is left to hydrate, the listeners are removed. If hydration never comes, links and forms
 * work as before, and a button does what it did before this script: nothing.
 */
export const REPLAY_SCRIPT =
  "(()=>{const d=document,E='islandhydrated',K=[E,'click','keydown'],q=[],h=e=>{const t=e.target;" +
  'if(e.type==E){for(const x of q.splice(0))x[0]==t?x[1].isConnected&&x[1].click():q.push(x);' +
  "d.querySelector('[data-island]:not([data-hydrated])')||K.map(k=>d.removeEventListener(k,h,!0));return}" +
  "const c=t.closest?.('button,[role=button]'),i=c?.closest('[data-island]');" +
  "if(!i||i.dataset.hydrated||t.closest('a[href]')||c.form&&c.type=='submit'||e.key&&(c.localName=='button'||e.key!='Enter'&&e.key!=' '))return;" +
  'e.preventDefault();e.stopImmediatePropagation();q.push([i,c])};K.map(k=>d.addEventListener(k,h,!0))})()';

/** Where the replay script goes: first in the head (after its charset), so no stylesheet holds it back. */
const HEAD = /<head>(?:<meta charSet="utf-8"\/>)?/i;

const ISLAND = /<div data-island="([a-z-]+)">/g;

/** The island names a page holds, in order of first appearance. */
export function islandNames(html: string): string[] {
  return [...new Set([...html.matchAll(ISLAND)].map((m) => m[1]!))];
}

/** The URLs a page with these islands loads: the runtime, its chunks, and each island's module and chunks. */
export function islandScripts(manifest: IslandsManifest, names: readonly string[]): string[] {
  const urls = new Set([manifest.entry, ...manifest.imports]);
  for (const n of names) for (const u of manifest.islands[n] ?? []) urls.add(u);
  return [...urls];
}

/** The inline module script that hydrates the islands of a page. Throws on an island the build does not know. */
export function islandsScript(manifest: IslandsManifest, names: readonly string[]): string {
  const modules: Record<string, string> = {};
  for (const n of names) {
    const files = manifest.islands[n];
    if (!files?.[0]) throw new Error(`island "${n}" is not in the build (app/islands/${n}.tsx missing?)`);
    modules[n] = files[0];
  }
  const preload = JSON.stringify(islandScripts(manifest, names));
  return (
    `<script type="module">${WAIT_FOR_PAINT}\n` +
    `for (const href of ${preload}) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));\n` +
    `const { start } = await import(${JSON.stringify(manifest.entry)});\n` +
    `await start(${JSON.stringify(modules)});</script>`
  );
}

/**
 * Adds the islands' loader before </body> of a public page that React Router left without scripts (its
 * root renders none for public routes in production), and the replay script at the top of its head. A page with a React Router script, or without
 * islands, is returned as it is.
 */
export function withIslands(html: string, manifest: IslandsManifest | null): string {
  if (!manifest || html.includes('window.__reactRouterContext')) return html;
  const names = islandNames(html);
  const end = html.lastIndexOf('</body>');
  if (!names.length || end < 0) return html;
  const withLoader = html.slice(0, end) + islandsScript(manifest, names) + html.slice(end);
  return withLoader.replace(HEAD, (head) => `${head}<script>${REPLAY_SCRIPT}</script>`);
}
