import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The islands' loader (decision 0028). A public page of the production build carries no React Router
 * script: the renderer adds one inline module script that waits for the first paint (decision 0010), adds
 * modulepreload links for the islands runtime and the modules of the islands this page holds (all download
 * in parallel), then imports the runtime and hydrates each island.
 */

/** What scripts/build.mjs writes beside the client build (islands.json): URLs under /assets/islands/. */
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
 * root renders none for public routes in production). A page with a React Router script, or without
 * islands, is returned as it is.
 */
export function withIslands(html: string, manifest: IslandsManifest | null): string {
  if (!manifest || html.includes('window.__reactRouterContext')) return html;
  const names = islandNames(html);
  const end = html.lastIndexOf('</body>');
  if (!names.length || end < 0) return html;
  return html.slice(0, end) + islandsScript(manifest, names) + html.slice(end);
}
