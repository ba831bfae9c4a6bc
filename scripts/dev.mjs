// npm run dev: the same Fastify server, with Vite in front for hot reload of pages and admin screens.
import http from 'node:http';
import { createServer } from 'vite';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);
process.env.NODE_ENV = 'development';

const vite = await createServer({ root, server: { middlewareMode: true }, appType: 'custom' });
const { buildApp } = await vite.ssrLoadModule('/server/app.ts');
const { loadConfig } = await vite.ssrLoadModule('/server/config.ts');
const config = loadConfig();

const { app, createdAdmin } = await buildApp(config, {
  mode: 'development',
  build: () => vite.ssrLoadModule('virtual:react-router/server-build'),
  clientDir: `${root}public`,
  serverFactory: (handler) => http.createServer((req, res) => vite.middlewares(req, res, () => handler(req, res))),
});
if (createdAdmin?.password) {
  console.log(`Administrator created: ${createdAdmin.email} / ${createdAdmin.password} (shown once)`);
}
await app.listen({ port: config.port, host: config.host });
console.log(`Dev server at ${config.publicUrl} (hot reload on)`);
