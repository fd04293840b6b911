export * from './brand-frame';
export * from './brand-style';
export * from './woff';
