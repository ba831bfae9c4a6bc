// @ts-check
// Runs one of this folder's TypeScript scripts on plain Node 20 (decision 0086):
//   node scripts/run.mjs NAME [args…]     runs scripts/NAME.ts with args
// The script and what it imports are bundled by esbuild (a dependency already) into
// node_modules/.cache/scripts/NAME.mjs, packages left to node_modules, and imported from there. The bundle
// is made again only when one of its source files is newer than it, so a start costs a few stat calls and
// no loader: no TypeScript runs at all once it is built. Inside the bundle each file keeps its own
// import.meta.url, and process.argv[1] is the .ts file, so a script sees itself as if Node ran it directly.
// This file is the one script in JavaScript: Node 20 cannot run TypeScript without something like it.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Bumped when the bundling below changes, so older bundles are made again. */
const FORMAT = 1;
const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

const name = process.argv[2];
if (!name || !/^[\w./-]+$/.test(name) || name.includes('..')) {
  console.error('Usage: node scripts/run.mjs NAME [args…] (runs scripts/NAME.ts)');
  process.exit(2);
}
const source = path.join(root, 'scripts', `${name}.ts`);
if (!existsSync(source)) {
  console.error(`No script scripts/${name}.ts`);
  process.exit(2);
}
const outDir = path.join(root, 'node_modules/.cache/scripts');
const out = path.join(outDir, `${name.replace(/[/.]/g, '_')}.mjs`);
const meta = `${out}.json`;

/**
 * True when the bundle exists, was made by this FORMAT from this project folder, and no source file it was
 * made from is newer. The bundle names its sources' absolute paths (import.meta.url), so one made in another
 * checkout whose node_modules this one shares (a hard-linked copy) would run that checkout's code.
 */
function fresh() {
  if (!existsSync(out) || !existsSync(meta)) return false;
  /** @type {{ format?: number, root?: string, inputs?: string[] }} */
  const m = JSON.parse(readFileSync(meta, 'utf8'));
  if (m.format !== FORMAT || m.root !== root || !Array.isArray(m.inputs)) return false;
  const built = statSync(out).mtimeMs;
  return m.inputs.every((f) => existsSync(f) && statSync(f).mtimeMs <= built);
}

async function bundle() {
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: [source],
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    outfile: out,
    metafile: true,
    logLevel: 'warning',
    plugins: [
      {
        // Each source file keeps its own import.meta.url (its paths are relative to where it lives).
        name: 'own-import-meta-url',
        setup(b) {
          b.onLoad({ filter: /\.tsx?$/ }, (args) => ({
            contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
            loader: args.path.endsWith('x') ? 'tsx' : 'ts',
          }));
        },
      },
    ],
  });
  mkdirSync(outDir, { recursive: true });
  // Written under a temporary name and renamed: two runs at once never import a half-written bundle.
  const tmp = `${out}.${process.pid}.tmp`;
  writeFileSync(tmp, result.outputFiles[0].contents);
  const inputs = Object.keys(result.metafile.inputs).map((f) => path.resolve(root, f));
  writeFileSync(`${meta}.${process.pid}.tmp`, JSON.stringify({ format: FORMAT, root, inputs }));
  renameSync(`${meta}.${process.pid}.tmp`, meta);
  renameSync(tmp, out);
}

if (!fresh()) await bundle();
process.argv.splice(1, 2, source);
await import(pathToFileURL(out).href);
