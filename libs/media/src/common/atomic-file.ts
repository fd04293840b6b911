import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A hidden sibling of `finalPath`. Writers fill it and rename it into place, so readers (and a
 * retried activity checking whether an asset exists) never see a half-written file under the
 * final name; rename within one directory is atomic on POSIX file systems.
 */
export function tempPathFor(finalPath: string): string {
  const dir = path.dirname(finalPath);
  const base = path.basename(finalPath);
  return path.join(dir, `.${base}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
}

/** Each named output's final path in `dir` and the temporary path it is written under first (tempPathFor). */
export function outputPaths<K extends string>(
  dir: string,
  names: Record<K, string>,
): { finals: Record<K, string>; temps: Record<K, string> } {
  const finals = {} as Record<K, string>;
  const temps = {} as Record<K, string>;
  for (const key of Object.keys(names) as K[]) {
    finals[key] = path.join(dir, names[key]);
    temps[key] = tempPathFor(finals[key]);
  }
  return { finals, temps };
}

export async function writeFileAtomic(finalPath: string, data: Uint8Array | string): Promise<void> {
  await mkdir(path.dirname(finalPath), { recursive: true });
  const tmp = tempPathFor(finalPath);
  try {
    await writeFile(tmp, data);
    await rename(tmp, finalPath);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}
