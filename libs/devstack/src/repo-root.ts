import path from 'node:path';

/**
 * True when this code runs as the JavaScript that `npm run build` wrote under dist/ (production),
 * false when it runs from the TypeScript sources through SWC (`npm start`, tests).
 */
export const COMPILED = __filename.endsWith('.js');

/** The repository (or image) root: compiled files sit one folder deeper, under dist/. */
export const REPO_ROOT = path.resolve(__dirname, COMPILED ? '../../../..' : '../../..');

/**
 * How to run one of this repository's TypeScript entry files (`apps/api/src/main.ts`) as a
 * child process: its compiled JavaScript with plain node when compiled, else through SWC.
 */
export function nodeEntry(entry: string): { args: string[]; file: string } {
  if (!COMPILED) return { args: ['-r', '@swc-node/register'], file: path.join(REPO_ROOT, entry) };
  return { args: [], file: path.join(REPO_ROOT, 'dist', entry.replace(/\.ts$/, '.js')) };
}
