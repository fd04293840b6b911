import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkKey, keyOf, LocalObjectStore } from './object-store';

async function text(stream: Readable): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += chunk.toString();
  return out;
}

describe('storage keys', () => {
  it('are relative paths that cannot leave the root', () => {
    expect(keyOf('acct', 'video', 'image.png')).toBe('acct/video/image.png');
    for (const key of ['', '/etc/passwd', '../x', 'a/../../b', 'a/./b', 'a\\b', 'a\0b'])
      expect(() => checkKey(key), JSON.stringify(key)).toThrow(/not a storage key/);
  });
});

describe('LocalObjectStore', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const setup = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-objects-'));
    dirs.push(dir);
    const file = (name: string, body: string) => {
      const p = path.join(dir, name);
      writeFileSync(p, body);
      return p;
    };
    return { store: new LocalObjectStore(path.join(dir, 'root')), file, dir };
  };

  it('moves a file in under its key and reads it whole or by an inclusive range', async () => {
    const { store, file } = setup();
    const source = file('src', '0123456789');
    expect(await store.put('a/v/f.txt', source)).toBe(10);
    expect(existsSync(source)).toBe(false);
    expect(await store.size('a/v/f.txt')).toBe(10);
    expect(await text(await store.read('a/v/f.txt'))).toBe('0123456789');
    expect(await text(await store.read('a/v/f.txt', { start: 2, end: 4 }))).toBe('234');
  });

  it('puts one key at once from processes with the same pid in the same millisecond, each whole', async () => {
    // Two containers' workers are both pid 1 on one shared DATA_DIR: here, stores in one process.
    const { file, dir } = setup();
    const bodies = Array.from({ length: 8 }, (_, i) => String(i).repeat(1000));
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const puts = bodies.map((body, i) =>
        new LocalObjectStore(path.join(dir, 'root')).put('a/b.bin', file(`src${i}`, body)),
      );
      expect(await Promise.all(puts)).toEqual(bodies.map(() => 1000));
    } finally {
      vi.useRealTimers();
    }
    expect(bodies).toContain(await text(await new LocalObjectStore(path.join(dir, 'root')).read('a/b.bin')));
  });

  it('hands ffmpeg the stored file itself, no copy', async () => {
    const { store, file, dir } = setup();
    await store.put('a/v/f.txt', file('src', 'x'));
    const local = await store.localCopy('a/v/f.txt');
    expect(local).toBe(path.join(dir, 'root', 'a', 'v', 'f.txt'));
    expect(readFileSync(local, 'utf8')).toBe('x');
  });

  it('has no size for a missing key or a folder, and fails to read one', async () => {
    const { store, file } = setup();
    await store.put('a/v/f.txt', file('src', 'x'));
    expect(await store.size('a/v/none.txt')).toBeUndefined();
    expect(await store.size('a/v')).toBeUndefined();
    await expect(store.read('a/v/none.txt')).rejects.toThrow(/ENOENT/);
  });

  it('removes one key, then a whole prefix, leaving its neighbours', async () => {
    const { store, file } = setup();
    await store.put('a/v/1.txt', file('1', '1'));
    await store.put('a/v/2.txt', file('2', '2'));
    await store.put('a/v2/3.txt', file('3', '3'));
    await store.remove('a/v/1.txt');
    await store.remove('a/v/1.txt');
    expect(await store.size('a/v/1.txt')).toBeUndefined();
    await store.removePrefix('a/v/');
    expect(await store.size('a/v/2.txt')).toBeUndefined();
    expect(await store.size('a/v2/3.txt')).toBe(1);
  });
});
