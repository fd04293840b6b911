/** Values the global setup hands to every test file (vitest provide/inject). */
export interface TestStackContext {
  /** Fresh database of this run, migrated. */
  databaseUrl: string;
  /** Server URL (no database) for tests that create databases of their own. */
  adminDatabaseUrl: string;
  temporalAddress: string;
  /** Shared api + worker started by the global setup. */
  apiBaseUrl: string;
  /** Prometheus endpoints of the shared api and worker (each on a free port of its own). */
  apiMetricsUrl: string;
  workerMetricsUrl: string;
  taskQueue: string;
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: TestStackContext;
  }
}
