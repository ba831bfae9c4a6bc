// npm run admin -- <command>: administrator tasks from the command line.
import { root } from './project';
import { buildIfStale } from './stale';

process.chdir(root);
buildIfStale();
await import(new URL('../dist/admin.js', import.meta.url).href);
