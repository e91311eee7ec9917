import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The SPA. `npm run build` writes dist/client, which the API server serves with history fallback.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 400,
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
