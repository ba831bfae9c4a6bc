// npm run migrate: brings the database (DATABASE_URL, else DATA_DIR's SQLite file) up to this version and exits.
import { buildIfStale } from './stale.mjs';

process.chdir(new URL('..', import.meta.url).pathname);
buildIfStale();
await import(new URL('../dist/migrate.js', import.meta.url).href);
