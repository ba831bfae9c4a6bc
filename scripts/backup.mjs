// npm run backup [-- --out FILE] and npm run restore -- ARCHIVE (see scripts/cli/backup.ts).
import { execFileSync } from 'node:child_process';
import { buildIsStale } from './stale.mjs';

const root = new URL('..', import.meta.url).pathname;
const cwd = process.cwd();
process.chdir(root);
if (buildIsStale()) execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
process.chdir(cwd);
await import(new URL('../dist/backup.js', import.meta.url).href);
