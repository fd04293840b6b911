export * from './client';
export * from './verify-webhook';
export * from './wait-for-video';
export * from './video-events';
