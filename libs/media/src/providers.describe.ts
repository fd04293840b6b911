import path from 'node:path';
import type { MediaConfig } from '@vidgen/config';

export interface StageProvider {
  provider: string;
  model: string | null;
}

export interface ProvidersDescription {
  script: StageProvider;
  image: StageProvider;
  speech: StageProvider;
  stock: StageProvider;
}

/**
 * Which provider and model serve each stage (GET /providers), never a key or an address: a
 * llama model is named by its file name, not its path; an OpenAI-compatible server by its model.
 */
export function describeProviders(cfg: MediaConfig): ProvidersDescription {
  const script: StageProvider =
    cfg.scriptProvider === 'llama'
      ? { provider: 'llama', model: path.basename(cfg.llama?.modelPath ?? '') || null }
      : cfg.scriptProvider === 'openai'
        ? { provider: 'openai', model: cfg.endpoints.script.model }
        : { provider: 'local', model: 'planner' };
  return {
    script,
    image:
      cfg.imageProvider === 'openai'
        ? { provider: 'openai', model: cfg.endpoints.image.model }
        : { provider: 'local', model: 'canvas' },
    speech:
      cfg.speechProvider === 'openai'
        ? { provider: 'openai', model: cfg.endpoints.speech.model }
        : { provider: 'local', model: 'espeak-ng' },
    stock: { provider: 'none', model: null },
  };
}
