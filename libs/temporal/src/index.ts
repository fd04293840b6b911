export * from './batch-workflow.client';
export * from './client';
export * from './video-workflow.client';
