import type { IncomingMessage } from 'node:http';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

const API = 'http://localhost:8080';

/** `/tickets` is both an SPA route and an API path: page navigations (Accept: text/html) stay with Vite. */
const api: ProxyOptions = {
  target: API,
  bypass: (req: IncomingMessage) => (req.headers.accept?.includes('text/html') ? req.url : undefined),
};

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: {
      '/auth': api,
      '/tickets': api,
      '/messages': api,
      '/whatsapp': api,
      '/queue': api,
      '/simulator': api,
      '/health': api,
      '/socket': { target: API, ws: true },
    },
  },
});
