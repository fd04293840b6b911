export * from './activity-input';
export * from './heartbeat';
