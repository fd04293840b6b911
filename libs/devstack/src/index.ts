export * from './embedded-postgres';
export * from './ports';
export * from './restart-backoff';
export * from './temporal-cli';
export * from './temporal-dev-server';
