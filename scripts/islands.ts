// The public pages' islands (decision 0028): app/islands.client.tsx (the runtime) and one module per island
// (app/islands/<name>.tsx), bundled by esbuild into <build>/client/assets/islands/ with hashed names and
// shared chunks (React and React DOM once), and <build>/islands.json, which the server reads to add the
// loader script to each public page.
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import type { IslandsManifest } from '../server/render/islands';

/** Builds the islands into clientDir/assets/islands and writes clientDir/../islands.json; returns the manifest. */
export async function buildIslands(root: string, clientDir: string): Promise<IslandsManifest> {
  const names = readdirSync(path.join(root, 'app/islands'))
    .filter((f) => f.endsWith('.tsx'))
    .map((f) => f.slice(0, -4))
    .sort();
  const outdir = path.join(clientDir, 'assets/islands');
  const result = await build({
    absWorkingDir: root,
    entryPoints: {
      islands: 'app/islands.client.tsx',
      ...Object.fromEntries(names.map((n) => [n, `app/islands/${n}.tsx`])),
    },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    // V8's explicit compile hint: compile every function of each file while it streams in, off the main
    // thread, instead of lazily at its first call during hydration (Chrome 136+; other engines ignore it).
    banner: { js: '//# allFunctionsCalledOnLoad' },
    jsx: 'automatic',
    outdir,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env.PROD': 'true', 'import.meta.env.DEV': 'false' },
    // Stylesheets come with the page (React Router's <Links>), not with the islands.
    loader: { '.css': 'empty' },
    metafile: true,
    logLevel: 'warning',
  });
  const outputs = result.metafile.outputs;
  const url = (file: string) => '/' + path.relative(clientDir, path.resolve(root, file)).split(path.sep).join('/');
  /** An output's static imports, recursively (dynamic imports load when used). */
  const closure = (file: string, seen = new Set<string>()): Set<string> => {
    for (const i of outputs[file]?.imports ?? []) {
      if (i.kind !== 'import-statement' || seen.has(i.path)) continue;
      seen.add(i.path);
      closure(i.path, seen);
    }
    return seen;
  };
  const byEntry = new Map(
    Object.entries(outputs)
      .filter(([, o]) => o.entryPoint)
      .map(([f, o]) => [o.entryPoint, f]),
  );
  const output = (entry: string): string => {
    const file = byEntry.get(entry);
    if (!file) throw new Error(`esbuild wrote no output for ${entry}`);
    return file;
  };
  const entryFile = output('app/islands.client.tsx');
  const runtime = closure(entryFile);
  const manifest: IslandsManifest = {
    entry: url(entryFile),
    imports: [...runtime].map(url),
    islands: Object.fromEntries(
      names.map((n) => {
        const file = output(`app/islands/${n}.tsx`);
        return [n, [url(file), ...[...closure(file)].filter((f) => !runtime.has(f) && f !== entryFile).map(url)]];
      }),
    ),
  };
  writeFileSync(path.join(path.dirname(clientDir), 'islands.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}
