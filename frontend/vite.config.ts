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
    // antd alone is ~250 kB gzipped; the warning limit sits just above it so a real regression still shows.
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        // Big, rarely-changing libraries in their own cacheable chunks. React goes first (highest
        // priority) so antd's chunk, which pulls in its dependencies, does not swallow react-dom.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack)[\\/]/,
              priority: 30,
            },
            {
              name: 'antd',
              test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|dayjs|stylis|@emotion)[\\/]/,
              priority: 20,
            },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 10 },
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
