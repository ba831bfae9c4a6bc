import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  plugins: [reactRouter()],
  resolve: {
    alias: {
      '~': fileURLToPath(new URL('./app', import.meta.url)),
      '@content': fileURLToPath(new URL('./content', import.meta.url)),
    },
  },
  build: { target: 'es2022' },
  // Bundled into the server build: their subpath imports (react-bootstrap/Button) are directories that
  // Node's ESM resolver refuses, and bundling them lets the SSR build tree-shake what pages use.
  ssr: {
    noExternal: ['react-fast-marquee', 'react-bootstrap', '@restart/ui', '@restart/hooks', 'react-toastify', 'dom-helpers', 'react-transition-group', 'uncontrollable'],
  },
});
