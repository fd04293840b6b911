import { existsSync } from 'node:fs';
import path from 'node:path';
import { projectModelsDir, recommendedModel } from '@vidgen/media';
import type { Stack } from '@vidgen/stack-harness';
import { startOwnStack } from '../../../../test/support/own-stack';

// The small model .ci/run installs from PyPI (npm run models:install -- smollm2-135m).
export const SMOLLM2 = path.join(
  projectModelsDir(path.resolve(__dirname, '../../../..')),
  recommendedModel('smollm2-135m').file,
);

/**
 * A stack of the spec's own whose worker writes scripts with SmolLM2-135M in llama.cpp, with the
 * default token budget and timeout unless `maxTokens` is given.
 */
export function startSmolLm2Stack(label: string, maxTokens?: number): Promise<Stack> {
  if (!existsSync(SMOLLM2)) throw new Error(`${SMOLLM2} is missing: npm run models:install -- smollm2-135m`);
  return startOwnStack(label, {
    env: {
      SCRIPT_PROVIDER: 'llama',
      LLAMA_MODEL_PATH: SMOLLM2,
      ...(maxTokens ? { LLAMA_MAX_TOKENS: String(maxTokens) } : {}),
    },
  });
}
