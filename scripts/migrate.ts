// npm run migrate: brings the database (DATABASE_URL, else DATA_DIR's SQLite file) up to this version and exits.
import { root } from './project';
import { buildIfStale } from './stale';

process.chdir(root);
buildIfStale();
await import(new URL('../dist/migrate.js', import.meta.url).href);
