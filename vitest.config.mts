import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

// SWC keeps decorator metadata, which NestJS dependency injection and class-validator need.
const plugins = [swc.vite({ module: { type: 'es6' } })];
const STACK_SPECS = ['**/*.int.spec.ts', '**/*.e2e.spec.ts'];

export default defineConfig({
  test: {
    // The Temporal native bridge crashes under worker threads; forks are separate processes.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    teardownTimeout: 60_000,
    // Vitest 4 inline projects inherit the options above (timeouts, pool) only with extends: true.
    projects: [
      {
        extends: true,
        plugins,
        test: {
          name: 'unit',
          globalSetup: ['test/unit-setup.ts'],
          include: ['apps/**/*.spec.ts', 'libs/**/*.spec.ts', 'test/**/*.spec.ts'],
          exclude: ['**/node_modules/**', ...STACK_SPECS],
        },
      },
      {
        extends: true,
        plugins,
        test: {
          name: 'integration',
          include: STACK_SPECS.map((p) => `{apps,libs,test}/${p}`),
          exclude: ['**/node_modules/**'],
          // Real PostgreSQL database, real Temporal dev server, real api + worker processes.
          globalSetup: ['test/global-setup.ts'],
          // A test waits on real renders and workflow timers; its own waits (up to a few minutes)
          // say what it expects, so the budget is not the default minute on a loaded machine.
          testTimeout: 300_000,
        },
      },
    ],
  },
});
