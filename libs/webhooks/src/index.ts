export * from './ssrf';
export * from './webhook.repository';
export * from './webhook.service';
export * from './webhook-events';
