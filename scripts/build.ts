// Production build: the React Router app (client + server bundles) and the Fastify server bundle.
import { execFileSync } from 'node:child_process';
import { writeFileSync, mkdirSync } from 'node:fs';
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { checkBudget } from './budget';
import { buildIslands } from './islands';
import { root as rootDir } from './project';
import { precompress } from './precompress';

const root = `${rootDir}/`;
// Always a production bundle, even when started from a test run (Vitest sets NODE_ENV=test, under which
// Vite would keep React's development code).
execFileSync(process.execPath, [`${root}node_modules/@react-router/dev/bin.js`, 'build'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
const clientDir = `${root}${process.env.BUILD_DIR ?? 'build'}/client`;
// Decision 0028: the public pages' islands (the only script of a public page).
await buildIslands(root, clientDir);
// decision 0022: brotli + gzip copies of the client assets, and the home page's JavaScript budget (fails the build).
precompress(clientDir);
if (!checkBudget(clientDir)) process.exit(1);

/**
 * Packages stay in node_modules (loaded from there at run time), except Kysely: its ESM build is about 400
 * small modules, and resolving and linking them one by one was a tenth of the server's start-up CPU
 * (decision 0030). Kysely has no native parts and no dynamic requires, so bundling it changes nothing else.
 */
const BUNDLED = /^kysely(\/|$)/;
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (BUNDLED.test(args.path) ? undefined : { path: args.path, external: true }));
  },
};

const common: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [externalPackages],
  sourcemap: true,
  logLevel: 'warning',
  absWorkingDir: root,
};
await build({ ...common, entryPoints: ['server/main.ts'], outfile: 'dist/server.js' });
await build({ ...common, entryPoints: ['scripts/cli/admin.ts'], outfile: 'dist/admin.js' });
await build({ ...common, entryPoints: ['scripts/cli/backup.ts'], outfile: 'dist/backup.js' });
await build({ ...common, entryPoints: ['scripts/cli/migrate-data.ts'], outfile: 'dist/migrate-data.js' });
await build({ ...common, entryPoints: ['scripts/cli/migrate.ts'], outfile: 'dist/migrate.js' });
mkdirSync(`${root}dist`, { recursive: true });
writeFileSync(`${root}${process.env.BUILD_DIR ?? 'build'}/.stamp`, new Date().toISOString());
console.log('build complete');
