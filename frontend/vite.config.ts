import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const GATEWAY = 'http://localhost:3000';

/** The SPA: built to frontend/dist (served by the gateway); the dev server proxies the API to it. */
export default defineConfig({
  root: here('.'),
  plugins: [react()],
  resolve: {
    alias: { '@originality/contracts': here('../libs/contracts/src/index.ts') },
  },
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React and its router and query libraries in one cacheable chunk that every page needs. antd is not
        // grouped: its components then land in the chunks of the pages that use them, so the landing and login
        // pages do not download the admin console's tables and forms (tools/build/bundle-size.mjs measures it).
        // That needs frontend/package.json's `"sideEffects": ["*.css"]`: without it rolldown keeps every module a
        // feature's index.ts re-exports in the chunks the importer loads, used or not (rolldown/rolldown#8920), and
        // a page that only needs `useUpgradeDialog` from features/plans downloaded the plan dialogs' forms and dayjs.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack)[\\/]/,
              priority: 30,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': GATEWAY, '/health': GATEWAY },
  },
});
