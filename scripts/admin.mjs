// npm run admin -- <command>: administrator tasks from the command line.
import { buildIfStale } from './stale.mjs';

process.chdir(new URL('..', import.meta.url).pathname);
buildIfStale();
await import(new URL('../dist/admin.js', import.meta.url).href);
