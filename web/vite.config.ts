import type { IncomingMessage } from 'node:http';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

const API = 'http://localhost:8080';

/** Paths such as `/tickets` are both console pages and API routes: page navigations (Accept: text/html) stay with Vite. */
const api: ProxyOptions = {
  target: API,
  bypass: (req: IncomingMessage) => (req.headers.accept?.includes('text/html') ? req.url : undefined),
};

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: {
      '/socket': { target: API, ws: true },
      // Every other request that is not Vite's own (its client, the sources, pre-bundled dependencies) goes to the API,
      // so a new feature's routes need no line here.
      '^/(?!@|src/|node_modules/|assets/|favicon)': api,
    },
  },
});
