// Runs a command of the repository on a supported Node.js (22.12 or newer). On an older Node (20 is
// end of life: `npm test` would fail deep inside a spec), it uses the project-local Node 24 under
// .tools/node24 that `.ci/run` installs, installing it first when it is missing (npm's `node`
// package), and runs the command with that Node first on PATH. Should that install fail, it stops
// at once with one line naming the Node it needs and the command that gets it.
// `node scripts/node.cjs <command> [args…]` is how the npm scripts run; scripts/run.cjs (npm start,
// npm run cli) and the CLI's bins call `reexecOnSupportedNode()` first. Plain CommonJS that any
// Node parses. docs/decisions/0040-reach-any-node-mcp-1080p-frame-rates.md, "A first run on any Node".
const { spawn, spawnSync } = require('node:child_process');
const { existsSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const MINIMUM = [22, 12];
const LOCAL_NODE_PACKAGE = 'node@24';
const localPrefix = path.join(root, '.tools', 'node24');
const localBin = path.join(localPrefix, 'node_modules', '.bin');
const localNode = path.join(localBin, 'node');
const installCommand = `npm install --prefix .tools/node24 --no-save ${LOCAL_NODE_PACKAGE}`;

/** Whether a `process.versions.node` string is 22.12 or newer. */
function isSupported(version) {
  const [major, minor] = String(version).split('.').map(Number);
  return major > MINIMUM[0] || (major === MINIMUM[0] && minor >= MINIMUM[1]);
}

function neededLine(version) {
  return (
    `[vidgen] vidgen needs Node.js ${MINIMUM.join('.')} or newer (24 LTS recommended), this is Node ${version}: ` +
    `get it with \`${installCommand}\` in ${root} (then any npm script uses it) or from https://nodejs.org`
  );
}

/** The directory holding a supported `node`: installs Node 24 under .tools/node24 when missing. */
function localNodeBin() {
  if (existsSync(localNode) && isSupported(nodeVersionOf(localNode))) return localBin;
  console.error(
    `[vidgen] Node ${process.versions.node} is older than ${MINIMUM.join('.')}: installing Node 24 into .tools/node24 (once)`,
  );
  // npm's own CLI when an npm script runs this (npm_execpath), else the npm on PATH.
  const npmCli = process.env.npm_execpath;
  const npmArgs = [
    'install',
    '--prefix',
    localPrefix,
    '--no-audit',
    '--no-fund',
    '--no-save',
    '--loglevel=error',
  ];
  // npm's own output is kept back: on failure the one line below says what to do (npm's log of
  // the attempt stays under ~/.npm/_logs).
  const quiet = { stdio: ['ignore', 'ignore', 'pipe'] };
  const result = npmCli
    ? spawnSync(process.execPath, [npmCli, ...npmArgs, LOCAL_NODE_PACKAGE], quiet)
    : spawnSync('npm', [...npmArgs, LOCAL_NODE_PACKAGE], quiet);
  if (result.status === 0 && existsSync(localNode) && isSupported(nodeVersionOf(localNode))) return localBin;
  console.error(neededLine(process.versions.node));
  process.exit(1);
}

function nodeVersionOf(file) {
  const out = spawnSync(file, ['-p', 'process.versions.node'], { encoding: 'utf8' });
  return out.status === 0 ? out.stdout.trim() : '0.0.0';
}

/** Runs `command args` as a child with `bin` (when given) first on PATH; exits with its status. */
function runChild(command, args, bin) {
  const env = { ...process.env };
  if (bin) {
    const key = Object.keys(env).find((k) => k.toUpperCase() === 'PATH') || 'PATH';
    env[key] = `${bin}${path.delimiter}${env[key] || ''}`;
    env.npm_node_execpath = path.join(bin, 'node');
  }
  const child = spawn(command, args, { stdio: 'inherit', env });
  // The terminal's Ctrl-C reaches the child through the process group; a SIGTERM sent to this
  // process alone is passed on, and this process waits for the child to end either way.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (signal !== 'SIGINT') child.kill(signal);
    });
  }
  child.on('error', (err) => {
    console.error(`[vidgen] ${command}: ${err.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    }
    process.exit(code ?? 1);
  });
}

/**
 * On a supported Node, returns false and the caller goes on in this process. Otherwise starts this
 * process's script again (`process.argv`) on the local Node 24 and returns true: the caller then
 * does nothing more, and this process exits with the child's status.
 */
function reexecOnSupportedNode() {
  if (isSupported(process.versions.node)) return false;
  const bin = localNodeBin();
  runChild(path.join(bin, 'node'), [...process.execArgv, ...process.argv.slice(1)], bin);
  return true;
}

module.exports = { isSupported, neededLine, reexecOnSupportedNode, installCommand };

if (require.main === module) {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    console.error('usage: node scripts/node.cjs <command> [args…]');
    process.exit(2);
  }
  if (isSupported(process.versions.node)) {
    runChild(command === 'node' ? process.execPath : command, args, null);
  } else {
    const bin = localNodeBin();
    runChild(command === 'node' ? path.join(bin, 'node') : command, args, bin);
  }
}
