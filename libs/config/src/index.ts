export type { ApiConfig } from './api.config';
export type { AssetsConfig, S3StorageConfig, StorageConfig } from './assets.config';
export { type AppConfig, loadConfig } from './config';
export { ConfigError } from './env-values';
export {
  isOpenAiApi,
  type LlamaConfig,
  loadMediaConfig,
  type MediaConfig,
  type MediaProviderKind,
  type OllamaConfig,
  ollamaHost,
  type ScriptProviderKind,
  type StageEndpoint,
  type StockConfig,
} from './media.config';
export {
  parseWorkerRoles,
  type RuntimeConfig,
  requireDatabaseUrl,
  requireTemporalAddress,
} from './runtime.config';
export type { WebhooksConfig } from './webhooks.config';
