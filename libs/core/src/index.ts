export * from './errors';
export * from './ids';
export * from './logger';
export * from './pagination';
export * from './time';
