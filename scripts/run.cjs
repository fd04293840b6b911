// Runs one of the repository's entry files: its compiled JavaScript under dist/ with plain node
// when NODE_ENV=production (no SWC, which is a dev dependency), else the TypeScript source
// through SWC. `npm start` and `npm run cli` go through here. On a Node older than 22.12 it runs
// itself again on the project-local Node 24 first (scripts/node.cjs).
const { existsSync } = require('node:fs');
const path = require('node:path');

if (!require('./node.cjs').reexecOnSupportedNode()) run();

function run() {
  const [entry, ...args] = process.argv.slice(2);
  const root = path.resolve(__dirname, '..');
  let file;
  if (process.env.NODE_ENV === 'production') {
    file = path.join(root, 'dist', entry.replace(/\.ts$/, '.js'));
    if (!existsSync(file)) {
      console.error(
        `${path.relative(root, file)} is missing: run \`npm run build\` first (NODE_ENV=production runs the build)`,
      );
      process.exit(1);
    }
  } else {
    require('@swc-node/register');
    file = path.join(root, entry);
  }
  process.argv = [process.argv[0], file, ...args];
  require(file);
}
