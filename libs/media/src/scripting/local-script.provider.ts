import { throwIfAborted } from '../common/media.errors';
import type { SceneDraft, ScriptInput, ScriptProvider, WrittenScript } from '../common/media.types';
import { plannerWarnings } from './planner.warnings';
import { planScript } from './script.planner';

/** Offline scripting: needs no network and no key, and writes the same script for the same input. */
export class LocalScriptProvider implements ScriptProvider {
  async writeScript(input: ScriptInput, signal?: AbortSignal): Promise<SceneDraft[]> {
    throwIfAborted(signal);
    return planScript(input);
  }

  /** The planned script, with the warning a prompt that asks for writing gets. */
  async writeReported(input: ScriptInput, signal?: AbortSignal): Promise<WrittenScript> {
    const scenes = await this.writeScript(input, signal);
    return { scenes, source: 'planner', warnings: plannerWarnings(input, scenes) };
  }
}

/** Any provider's script with who wrote it: a provider that does not say is a model. */
export async function writeReportedScript(
  provider: ScriptProvider,
  input: ScriptInput,
  signal?: AbortSignal,
): Promise<WrittenScript> {
  if (provider.writeReported) return provider.writeReported(input, signal);
  return { scenes: await provider.writeScript(input, signal), source: 'model', warnings: [] };
}
