// npm run backup [-- --out FILE] and npm run restore -- ARCHIVE (see scripts/cli/backup.ts).
// Runs in the caller's folder (relative paths are theirs), after building the site when its build is stale.
import { buildIfStale } from './stale';

buildIfStale();
await import(new URL('../dist/backup.js', import.meta.url).href);
