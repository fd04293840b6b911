export * from './brand-frame';
export * from './brand-style';
export * from './contact-sheet';
export * from './woff';
