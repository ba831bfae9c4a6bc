// npm run dev: the same Fastify server, with Vite in front for hot reload of pages and admin screens.
import http from 'node:http';
import type { ServerBuild } from 'react-router';
import { createServer } from 'vite';
import type { buildApp as BuildApp } from '../server/app';
import type { loadConfig as LoadConfig } from '../server/config';
import { root as rootDir } from './project';

const root = `${rootDir}/`;
process.chdir(root);
process.env.NODE_ENV = 'development';

const vite = await createServer({ root, server: { middlewareMode: true }, appType: 'custom' });
// Loaded through Vite (so a change reloads them): typed as the modules they are.
const { buildApp } = (await vite.ssrLoadModule('/server/app.ts')) as { buildApp: typeof BuildApp };
const { loadConfig } = (await vite.ssrLoadModule('/server/config.ts')) as { loadConfig: typeof LoadConfig };
const config = loadConfig();

const { app, createdAdmin } = await buildApp(config, {
  mode: 'development',
  build: async () => (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild,
  clientDir: `${root}public`,
  serverFactory: (handler) => http.createServer((req, res) => vite.middlewares(req, res, () => handler(req, res))),
});
if (createdAdmin?.password) {
  console.log(`Administrator created: ${createdAdmin.email} / ${createdAdmin.password} (shown once)`);
}
await app.listen({ port: config.port, host: config.host });
console.log(`Dev server at ${config.publicUrl} (hot reload on)`);
