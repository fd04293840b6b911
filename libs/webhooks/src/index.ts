export * from './ssrf';
export * from './webhook.activities';
export * from './webhook.repository';
export * from './webhook.service';
export * from './webhook-events';
