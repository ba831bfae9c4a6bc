import { execFileSync } from 'node:child_process';
// @ts-expect-error plain ESM helper shared with npm start
import { buildIsStale } from '../../scripts/stale.mjs';

/**
 * Browser and page tests run against the production build: build once when it is missing or stale
 * (SKIP_BUILD=1 uses whatever build exists).
 */
export default function setup(): void {
  if (process.env.SKIP_BUILD !== '1' && buildIsStale()) {
    console.log('[tests] building the site first…');
    execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  }
}
