export * from './client';
export * from './video-workflow.client';
