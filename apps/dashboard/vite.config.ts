import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The JavaScript a first visit downloads, gzipped, must stay under this (docs/dashboard.md). */
export const JS_BUDGET_BYTES = 250 * 1024;

/** Prints the gzipped size of the JavaScript and fails the build when it exceeds the budget. */
function jsBudget(): Plugin {
  return {
    name: 'vidgen-js-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      let total = 0;
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk') total += gzipSync(file.code, { level: 9 }).length;
      }
      const kb = (n: number) => (n / 1024).toFixed(1);
      this.info(`dashboard JavaScript: ${kb(total)} kB gzipped (budget ${kb(JS_BUDGET_BYTES)} kB)`);
      if (total > JS_BUDGET_BYTES) {
        this.error(
          `dashboard JavaScript is ${kb(total)} kB gzipped, over the ${kb(JS_BUDGET_BYTES)} kB budget`,
        );
      }
    },
  };
}

export default defineConfig(({ command }) => ({
  // A build is always the production one, also when started from a test run (NODE_ENV=test would
  // otherwise give React's development build, twice the size).
  define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  // Served by the api at /dashboard; hashed files go to /dashboard/static (not "assets": that is a page).
  base: '/dashboard/',
  plugins: [react(), jsBudget()],
  build: {
    outDir: 'dist',
    assetsDir: 'static',
    emptyOutDir: true,
    // No inline scripts or data: fonts: the api's Content-Security-Policy allows files from 'self' only.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
}));
