/**
 * Hydration after the first paint (decision 0010).
 *
 * React Router ends a page with one inline module script that statically imports the route modules,
 * so the browser evaluates React, React Router and the page's code (about 500 KB on the home page)
 * before it may paint the server-rendered HTML that is already there, and its modulepreload links make
 * 140 KB of script compete with the stylesheets and the hero image for a slow connection. Here the page
 * is rewritten so that its text and pictures come first: the modulepreload links are taken out of the
 * HTML, and the script waits for the first paint (when the tab is visible), then adds the same preload
 * links (every module downloads in parallel, no waterfall) and imports the same route modules, with the
 * same names. An unknown script shape is left as it is.
 */
const MODULE_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" href="(\/[^"\\<>]+)"\/>/g;
const STATIC_IMPORT = /^[ \t]*import \* as (route\d+) from ("[^"\\]+");[ \t]*$/gm;

/**
 * Resolves at the first paint, read from the browser's paint timing (no timers, so a page under a test's
 * paused clock hydrates too); at once in a hidden tab (which does not paint), and after 3 s at the latest.
 */
export const WAIT_FOR_PAINT =
  "if (document.visibilityState !== 'hidden') await new Promise((r) => { try { const o = new PerformanceObserver(() => { o.disconnect(); r(); }); o.observe({ type: 'paint', buffered: true }); } catch { r(); } setTimeout(r, 3000); });";

export function hydrateAfterFirstPaint(html: string): string {
  const m = MODULE_SCRIPT.exec(html);
  if (!m) return html;
  const code = m[1]!;
  const imports = [...code.matchAll(STATIC_IMPORT)];
  if (!imports.length) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((p) => p[1]!);
  const names = imports.map((i) => i[1]).join(', ');
  const loads = imports.map((i) => `import(${i[2]})`).join(', ');
  const rest = code.replace(STATIC_IMPORT, '').replace(/^;\s*/, '');
  const preload = preloads.length
    ? `for (const href of ${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));\n`
    : '';
  const script = `<script type="module" async="">${WAIT_FOR_PAINT}\n${preload}const [${names}] = await Promise.all([${loads}]);\n${rest}</script>`;
  const out = html.slice(0, m.index) + script + html.slice(m.index + m[0].length);
  return out.replace(MODULE_PRELOAD, '');
}
