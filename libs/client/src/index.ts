export * from './client';
export * from './verify-webhook';
export * from './video-events';
export * from './wait-for-video';
