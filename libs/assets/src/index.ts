export * from './asset.repository';
export * from './asset-storage';
export * from './asset-url';
