import { defineConfig } from 'vite';

/**
 * The console's build. Output goes to `dist/` (never committed): the control plane serves it.
 * `npm run console:dev` serves the sources with a proxy to a running control plane.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // Mantine marks its modules "use client" for server-rendering frameworks; a client-only bundle has no use for it.
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        handler(level, log);
      },
    },
  },
  server: {
    proxy: { '/graphql': { target: 'http://127.0.0.1:4000', ws: true } },
  },
});
