export * from './video.types';
export * from './video.repository';
export * from './video-purge';
export * from './activities/video.activities';
export * from './video-workflow.gateway';
export * from './video.service';
export * from './video-record';
export * from './asset.service';
