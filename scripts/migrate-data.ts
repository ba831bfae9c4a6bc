// npm run migrate-data -- --from sqlite:PATH --to postgres://… (see scripts/cli/migrate-data.ts).
// Runs in the caller's folder (relative paths are theirs), after building the site when its build is stale.
import { buildIfStale } from './stale';

buildIfStale();
await import(new URL('../dist/migrate-data.js', import.meta.url).href);
