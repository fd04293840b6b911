export * from './idempotency.store';
export * from './local-rate-budget';
export * from './rate-limiter';
