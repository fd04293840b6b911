import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AssetStorage } from './asset-storage';

describe('AssetStorage staging', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
  });

  it('sweeps staged files older than the given age and leaves younger ones and placed files', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'vidgen-storage-'));
    roots.push(root);
    const storage = new AssetStorage(root);
    const old = await storage.stagingPath();
    const young = await storage.stagingPath();
    writeFileSync(old, 'left by a crash');
    writeFileSync(young, 'upload in progress');
    const hoursAgo = (Date.now() - 2 * 3600_000) / 1000;
    utimesSync(old, hoursAgo, hoursAgo);
    mkdirSync(path.join(root, 'acct', 'client'), { recursive: true });
    const placed = await storage.stagingPath();
    writeFileSync(placed, 'verified');
    const { relativePath } = await storage.putClientFile('acct', 'a.png', placed);

    expect(await storage.sweepStaging(3600_000)).toBe(1);
    expect(readdirSync(path.join(root, '.staging'))).toEqual([path.basename(young)]);
    expect(relativePath).toBe(path.join('acct', 'client', 'a.png'));
    expect(readdirSync(path.join(root, 'acct', 'client'))).toEqual(['a.png']);
  });

  it('sweeps nothing when nothing was ever staged', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'vidgen-storage-'));
    roots.push(root);
    expect(await new AssetStorage(root).sweepStaging(0)).toBe(0);
  });
});
