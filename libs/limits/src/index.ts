export * from './idempotency.store';
export * from './rate-limiter';
