import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { ApiClient } from '../../../../test/support/api';
import { makeMedia } from '../../../../test/support/frames';
import { download } from '../../../../test/support/videos';

/** Downloads a URL of a video record into a temporary file, for ffmpeg to decode. */
export async function saved(url: string, name: string): Promise<string> {
  const file = await download(url);
  expect(file.status).toBe(200);
  const p = path.join(mkdtempSync(path.join(os.tmpdir(), 'vidgen-e2e-')), name);
  writeFileSync(p, file.body);
  return p;
}

/**
 * Makes a file with ffmpeg (from `lavfi` input) and uploads it as a client would, with
 * POST /assets; returns the new asset's id.
 */
export async function uploaded(
  api: ApiClient,
  asset: { name: string; lavfi: string; args?: string[] },
): Promise<string> {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'vidgen-upload-')), asset.name);
  await makeMedia(['-f', 'lavfi', '-i', asset.lavfi, ...(asset.args ?? []), file]);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(readFileSync(file))]), asset.name);
  const res = await api.request('POST', '/assets', { form });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}
