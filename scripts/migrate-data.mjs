// npm run migrate-data -- --from sqlite:PATH --to postgres://… (see scripts/cli/migrate-data.ts).
import { execFileSync } from 'node:child_process';
import { buildIsStale } from './stale.mjs';

const root = new URL('..', import.meta.url).pathname;
const cwd = process.cwd();
process.chdir(root);
if (buildIsStale()) execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
process.chdir(cwd);
await import(new URL('../dist/migrate-data.js', import.meta.url).href);
