/**
 * Which Ollama model writes scripts when no script provider is configured
 * (docs/decisions/0065-models-users-run.md): `SCRIPT_MODEL` if Ollama has it, else the first
 * installed model of a preference list. Ollama's answer to GET /api/tags is kept for a short
 * while and asked again after it, or at once after a failed call, so a model pulled or removed
 * shows without a restart.
 */

/** Instruct models that write a scene list well, best first; matched by name without the tag. */
export const PREFERRED_OLLAMA_MODELS = [
  'qwen2.5',
  'qwen3',
  'llama3.2',
  'llama3.1',
  'gemma3',
  'gemma2',
  'mistral',
  'mistral-nemo',
  'phi4-mini',
  'phi3.5',
  'phi3',
  'granite3.3',
  'smollm2',
] as const;

/** One entry of GET /api/tags, as Ollama documents it (fields vidgen does not read left out). */
export interface OllamaTag {
  name: string;
  model?: string;
  details?: { family?: string; parameter_size?: string };
}

/** What the worker found: the host's models and the one that writes, or why none does. */
export interface OllamaFinding {
  /** The model scripts go to; null when Ollama did not answer or has no model to use. */
  model: string | null;
  /** Why no model writes (for `npm start` and the logs); absent when one does. */
  reason?: string;
}

export interface OllamaModelsOptions {
  host: string;
  /** SCRIPT_MODEL. */
  preferred: string | undefined;
  /** How long one answer of /api/tags is trusted. Default 30 s. */
  ttlMs?: number;
  /** How long /api/tags may take; an Ollama that does not answer in it is not there. Default 2 s. */
  timeoutMs?: number;
  now?: () => number;
}

/** Name without the `:latest` Ollama adds to an untagged pull. */
const bare = (name: string) => name.replace(/:latest$/, '');
const family = (name: string) => bare(name).split(':')[0]!.split('/').pop()!;

/** The model to use among the installed: SCRIPT_MODEL when installed, else the first preferred. */
export function chooseOllamaModel(installed: string[], preferred: string | undefined): OllamaFinding {
  if (installed.length === 0) return { model: null, reason: 'Ollama has no model (ollama pull qwen2.5:3b)' };
  if (preferred) {
    const found = installed.find((name) => name === preferred || bare(name) === bare(preferred));
    return found
      ? { model: found }
      : { model: null, reason: `Ollama has no ${preferred} (SCRIPT_MODEL); ollama pull ${preferred}` };
  }
  for (const wanted of PREFERRED_OLLAMA_MODELS) {
    const found = installed.find((name) => family(name) === wanted);
    if (found) return { model: found };
  }
  return {
    model: null,
    reason: `none of Ollama's models (${installed.join(', ')}) is on the preference list; set SCRIPT_MODEL to use one`,
  };
}

export class OllamaModels {
  private cached: { at: number; finding: OllamaFinding } | undefined;
  private pending: Promise<OllamaFinding> | undefined;

  constructor(private readonly opts: OllamaModelsOptions) {}

  get host(): string {
    return this.opts.host;
  }

  /** The model scripts go to now, asking Ollama again once the last answer is older than the TTL. */
  find(): Promise<OllamaFinding> {
    const now = (this.opts.now ?? Date.now)();
    if (this.cached && now - this.cached.at < (this.opts.ttlMs ?? 30_000)) {
      return Promise.resolve(this.cached.finding);
    }
    this.pending ??= this.ask().then((finding) => {
      this.cached = { at: (this.opts.now ?? Date.now)(), finding };
      this.pending = undefined;
      return finding;
    });
    return this.pending;
  }

  /** Forgets the last answer: after a failed call, the next one asks Ollama again. */
  forget(): void {
    this.cached = undefined;
  }

  private async ask(): Promise<OllamaFinding> {
    try {
      const res = await fetch(`${this.opts.host}/api/tags`, {
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 2000),
      });
      if (!res.ok) return { model: null, reason: `Ollama at ${this.opts.host} answered HTTP ${res.status}` };
      const body = (await res.json()) as { models?: OllamaTag[] };
      const names = (body.models ?? []).map((m) => m.name ?? m.model).filter((n): n is string => !!n);
      return chooseOllamaModel(names, this.opts.preferred);
    } catch {
      return { model: null, reason: `no Ollama at ${this.opts.host} (OLLAMA_HOST)` };
    }
  }
}

// One answer per host and preference in a process: the api's GET /providers and the worker's
// scripts read the same cache.
const shared = new Map<string, OllamaModels>();

export function ollamaModels(host: string, preferred: string | undefined): OllamaModels {
  const key = `${host}\u0000${preferred ?? ''}`;
  let models = shared.get(key);
  if (!models) {
    models = new OllamaModels({ host, preferred });
    shared.set(key, models);
  }
  return models;
}
