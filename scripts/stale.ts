// Is the production build missing or older than any source file?
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { root, scriptArgs } from './project';

const SOURCES = ['app', 'content', 'server', 'public', 'scripts/cli', 'package.json', 'package-lock.json', 'vite.config.ts', 'react-router.config.ts'];

function newest(p: string): number {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const e of readdirSync(p)) {
    if (e === 'node_modules' || e.endsWith('.test.ts') || e.endsWith('.test.tsx')) continue;
    max = Math.max(max, newest(path.join(p, e)));
  }
  return max;
}

export function buildIsStale(): boolean {
  const dir = path.join(root, process.env.BUILD_DIR ?? 'build');
  const stamp = path.join(dir, '.stamp');
  if (!existsSync(stamp) || !existsSync(path.join(dir, 'server/index.js')) || !existsSync(path.join(root, 'dist/server.js'))) return true;
  const built = statSync(stamp).mtimeMs;
  return SOURCES.some((s) => newest(path.join(root, s)) > built);
}

/** Runs the production build (scripts/build.ts) in the project folder; the caller's folder is kept. */
export function build(): void {
  execFileSync(process.execPath, scriptArgs('build'), { stdio: 'inherit', cwd: root });
}

/** Builds the site (in the project folder) when the build is missing or stale; the caller's folder is kept. */
export function buildIfStale(): void {
  if (buildIsStale()) build();
}
