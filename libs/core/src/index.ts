export * from './errors';
export * from './ids';
export * from './time';
