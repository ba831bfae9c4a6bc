// The project folder, and how one of these TypeScript scripts runs another in a child Node process
// (decision 0086: through scripts/run.mjs, which bundles it with esbuild once and imports the bundle).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project folder. */
export const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

/** Arguments for process.execPath that run scripts/<name>.ts with its own arguments, from any folder. */
export function scriptArgs(name: string, ...args: string[]): string[] {
  return [path.join(root, 'scripts/run.mjs'), name, ...args];
}
