export * from './activities/video.activities';
export * from './asset.service';
export * from './video.repository';
export * from './video.service';
export * from './video.types';
export * from './video-purge';
export * from './video-record';
export * from './video-workflow.gateway';
