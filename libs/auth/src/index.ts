export * from './account.repository';
export * from './api-key';
export * from './api-key.repository';
export * from './auth.service';
export * from './scopes';
