export * from './pinned-connection';
export * from './ssrf';
