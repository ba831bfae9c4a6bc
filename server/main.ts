import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { buildApp } from './app';
import { configOrExit, startFailure } from './startup';

async function main(): Promise<void> {
  const config = configOrExit();
  const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build');
  const buildFile = path.join(buildDir, 'server/index.js');
  // The pages' server bundle (React Router, React DOM, every route module) is imported once the server
  // listens: health checks and API calls need none of it, and it was a tenth of the start-up CPU (decision 0030).
  let loading: Promise<ServerBuild> | undefined;
  const build = () => (loading ??= import(pathToFileURL(buildFile).href) as Promise<ServerBuild>);
  const { app, createdAdmin } = await buildApp(config, { build, clientDir: path.join(buildDir, 'client') });

  if (createdAdmin?.password) {
    console.log('');
    console.log('  An administrator was created. Sign in at /admin-login with:');
    console.log(`    email:    ${createdAdmin.email}`);
    console.log(`    password: ${createdAdmin.password}`);
    console.log('  This password is shown only once. Change it with: npm run admin -- set-password EMAIL');
    console.log('');
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing requests and closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  console.log(`Site ready at ${config.publicUrl}`);
  // Loaded now, before the first page asks; a build that cannot load stops the process, as it did when it
  // was imported before listening.
  build().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}

main().catch((err: unknown) => {
  console.error(startFailure(err));
  process.exit(1);
});
