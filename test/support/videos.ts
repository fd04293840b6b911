import { expect } from 'vitest';
import type { ApiClient } from './api';

export const TERMINAL = ['completed', 'failed'];

/** Polls GET /videos/{id} until the predicate holds (as a client would), failing with the last record seen. */
export async function waitForVideo(
  api: ApiClient,
  id: string,
  until: (video: any) => boolean,
  timeoutMs = 120_000,
): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  let last: any;
  while (Date.now() < deadline) {
    const res = await api.get(`/videos/${id}`);
    expect(res.status).toBe(200);
    last = res.body;
    if (until(last)) return last;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `video ${id} did not reach the expected state in ${timeoutMs} ms; last: ${JSON.stringify(last)}`,
  );
}

export const atGate = (v: any) => v.awaiting_approval === true || TERMINAL.includes(v.status);
export const finished = (v: any) => TERMINAL.includes(v.status);

/**
 * Creates a video (2 scenes unless `scene_count` says otherwise). The planner writes no more
 * scenes than the prompt has clauses, so a test that counts scenes gives a sentence for each.
 */
export async function createVideo(api: ApiClient, body: Record<string, unknown>): Promise<any> {
  const res = await api.post('/videos', { scene_count: 2, ...body });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.body;
}

export async function events(api: ApiClient, id: string): Promise<any[]> {
  const res = await api.get(`/videos/${id}/events`);
  expect(res.status).toBe(200);
  return res.body;
}

/** Downloads a URL from a record without any key (signed URLs must work on their own). */
export async function download(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Buffer; headers: Headers }> {
  const res = await fetch(url, { headers });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}
