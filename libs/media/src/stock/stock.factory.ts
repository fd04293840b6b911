import type { StockConfig } from '@vidgen/config';
import { PexelsStockProvider } from './pexels.provider';
import { PixabayStockProvider } from './pixabay.provider';
import type { StockProvider } from './stock.types';

/** The stock library STOCK_PROVIDER names, or null when none is configured. */
export function createStockProvider(
  cfg: StockConfig | null,
  opts: { timeoutSeconds: number; maxSide?: number },
): StockProvider | null {
  if (!cfg) return null;
  const common = {
    apiKey: cfg.apiKey,
    baseUrl: cfg.baseUrl,
    timeoutMs: opts.timeoutSeconds * 1000,
    // The long side of vidgen's frames: 1280 (720p renders).
    maxSide: opts.maxSide ?? 1280,
  };
  return cfg.provider === 'pexels' ? new PexelsStockProvider(common) : new PixabayStockProvider(common);
}
