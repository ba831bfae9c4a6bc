/**
 * Module boundaries, checked by `npm run lint` (decision 0037). Type-only imports count: a cycle through
 * `import type` is still a cycle of modules that cannot be understood or moved one without the other.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'No import cycle at all, type-only imports included.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'app-not-server',
      severity: 'error',
      comment: 'The browser app never imports the server; shared types live in content/ (the declarations).',
      from: { path: '^app/' },
      to: { path: '^server/' },
    },
    {
      name: 'content-imports-neither',
      severity: 'error',
      comment: 'The declarations import neither the server nor the app.',
      from: { path: '^content/' },
      to: { path: '^(server|app)/' },
    },
    {
      name: 'db-depends-on-no-feature',
      severity: 'error',
      comment: 'server/db/ (the store, the schema, the migrations) depends on no feature module.',
      from: { path: '^server/db/' },
      to: { path: '^server/', pathNot: '^server/(db|lib)/' },
    },
    {
      name: 'mail-is-an-outbox',
      severity: 'error',
      comment:
        'server/mail/ is the outbox, its worker, templates, transport and the mail-only routes; it imports nothing of server/consultations/ (decision 0105).',
      from: { path: '^server/mail/' },
      to: { path: '^server/consultations/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|build|build-[^/]+|dist|data|coverage|\\.tmp|\\.react-router)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    moduleSystems: ['es6', 'cjs'],
  },
};
