// npm run admin -- <command>: administrator tasks from the command line.
import { execFileSync } from 'node:child_process';
import { buildIsStale } from './stale.mjs';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);
if (buildIsStale()) execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
await import(new URL('../dist/admin.js', import.meta.url).href);
