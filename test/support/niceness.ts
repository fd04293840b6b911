import { spawnSync } from 'node:child_process';

/**
 * Whether a process of this user may lower a niceness again (root, CAP_SYS_NICE or RLIMIT_NICE):
 * without it, what was niced stays so (docs/decisions/0084-the-media-first-lane.md).
 */
export function mayLowerNiceness(): boolean {
  return (
    spawnSync(process.execPath, [
      '-e',
      "const os = require('os'); os.setPriority(0, 1); os.setPriority(0, 0);",
    ]).status === 0
  );
}
