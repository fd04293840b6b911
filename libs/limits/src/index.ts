export * from './idempotency.store';
export * from './instance-lease';
export * from './local-rate-budget';
export * from './rate-limiter';
