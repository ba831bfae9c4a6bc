// npm start: build when the build is missing or stale, then serve.
import { execFileSync } from 'node:child_process';
import { buildIsStale } from './stale.mjs';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);
if (buildIsStale()) {
  console.log('Building the site (first start or changed sources)…');
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
}
process.env.NODE_ENV ??= 'production';
await import(new URL('../dist/server.js', import.meta.url).href);
