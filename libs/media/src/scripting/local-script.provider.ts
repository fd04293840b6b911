import { throwIfAborted } from '../common/media.errors';
import type { SceneDraft, ScriptInput, ScriptProvider } from '../common/media.types';
import { planScript } from './script.planner';

/** Offline scripting: needs no network and no key, and writes the same script for the same input. */
export class LocalScriptProvider implements ScriptProvider {
  async writeScript(input: ScriptInput, signal?: AbortSignal): Promise<SceneDraft[]> {
    throwIfAborted(signal);
    return planScript(input);
  }
}
