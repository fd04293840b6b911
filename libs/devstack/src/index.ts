export * from './embedded-postgres';
export * from './port-owner';
export * from './ports';
export * from './restart-backoff';
export * from './stack-state';
export * from './stack-watchdog';
export * from './temporal-cli';
export * from './temporal-dev-server';
