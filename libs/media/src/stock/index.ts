export { PexelsStockProvider } from './pexels.provider';
export { PixabayStockProvider } from './pixabay.provider';
export * from './stock.types';
export { searchTerms } from './stock-terms';
