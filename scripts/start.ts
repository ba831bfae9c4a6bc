// npm start: build when the build is missing or stale, then serve.
import { build, buildIsStale } from './stale';
import { root } from './project';

process.chdir(root);
if (buildIsStale()) {
  console.log('Building the site (first start or changed sources)…');
  build();
}
process.env.NODE_ENV ??= 'production';
await import(new URL('../dist/server.js', import.meta.url).href);
