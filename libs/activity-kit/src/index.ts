export * from './heartbeat';
