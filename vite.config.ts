import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The SPA. `npm run build` writes dist/client, which the API server serves with history fallback.
// Two entries: the member site (index.html) and the staff operations console (admin.html, served
// for /admin/*). They share chunks (React, Chakra, the API client) but neither loads the other's pages.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 400,
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        admin: fileURLToPath(new URL('./admin.html', import.meta.url)),
      },
    },
  },
  server: {
    port: 5173,
    // API_ORIGIN lets several dev servers run side by side against their own API.
    // /uploads: the built-in upload receiver and the pictures it serves (server/providers/oss).
    proxy: {
      '/api': process.env.API_ORIGIN ?? 'http://localhost:8080',
      '/uploads': process.env.API_ORIGIN ?? 'http://localhost:8080',
    },
  },
});
