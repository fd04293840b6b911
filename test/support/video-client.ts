// Video helpers over the typed client (@vidgen/client): what the lifecycle and pipeline specs do
// again and again, each step checked the way a client would check it.
import {
  type CreateVideoBody,
  waitForVideo as poll,
  type Scene,
  type Video,
  type VideoEvent,
  type VidgenClient,
} from '@vidgen/client';
import { expect } from 'vitest';
import { after, checkLog, stagesStarted } from './lifecycle';

/** A create body as the specs write it: fault injection (docs/fault-injection.md) is on in the test stack. */
export type TestVideoBody = Partial<CreateVideoBody> & { prompt: string; faults?: Record<string, unknown> };

/** `{ params: { path: { id } } }` for the many calls that name one video. */
export const videoPath = (id: string) => ({ params: { path: { id } } });
export const scenePath = (id: string, sceneId: string) => ({ params: { path: { id, sceneId } } });

/** Any typed call's result: the status and error code of a refusal. */
export function expectApiError(
  result: { error?: unknown; response: Response },
  status: number,
  code: string,
): void {
  const body = result.error as { error?: { code?: string } } | undefined;
  expect(result.response.status, JSON.stringify(result.error)).toBe(status);
  expect(body?.error?.code, JSON.stringify(result.error)).toBe(code);
}

export const TERMINAL = ['completed', 'failed'];
export const atGate = (v: Video) => v.awaiting_approval || TERMINAL.includes(v.status);
export const finished = (v: Video) => TERMINAL.includes(v.status);

/** Polls the video until `until` holds (the client's waitForVideo, quicker polls for tests). */
export function waitFor(client: VidgenClient, id: string, until: (v: Video) => boolean, timeoutMs = 150_000) {
  return poll(client, id, { until, timeoutMs, intervalMs: 250 });
}

export async function createVideo(client: VidgenClient, body: TestVideoBody): Promise<Video> {
  const { data, error, response } = await client.POST('/api/v1/videos', {
    body: { scene_count: 2, ...body } as CreateVideoBody,
  });
  if (!data) throw new Error(`create failed: ${response.status} ${JSON.stringify(error)}`);
  expect(response.status).toBe(201);
  return data;
}

export async function videoOf(client: VidgenClient, id: string): Promise<Video> {
  const { data, error } = await client.GET('/api/v1/videos/{id}', videoPath(id));
  if (!data) throw new Error(`GET /videos/${id}: ${JSON.stringify(error)}`);
  return data;
}

export async function scenesOf(client: VidgenClient, id: string): Promise<Scene[]> {
  const { data, error } = await client.GET('/api/v1/videos/{id}/scenes', videoPath(id));
  if (!data) throw new Error(`GET /videos/${id}/scenes: ${JSON.stringify(error)}`);
  return data;
}

export async function eventsOf(client: VidgenClient, id: string): Promise<VideoEvent[]> {
  const { data, error } = await client.GET('/api/v1/videos/{id}/events', videoPath(id));
  if (!data) throw new Error(`GET /videos/${id}/events: ${JSON.stringify(error)}`);
  return data;
}

export async function toGate(client: VidgenClient, body: TestVideoBody): Promise<Video> {
  const created = await createVideo(client, body);
  const gated = await waitFor(client, created.id, atGate);
  expect(gated).toMatchObject({ status: 'pending', awaiting_approval: true });
  return gated;
}

/** Approves a video at the gate and waits until it has finished (completed or failed). */
export async function approveAndFinish(client: VidgenClient, id: string): Promise<Video> {
  const { data, error } = await client.POST('/api/v1/videos/{id}/approve', videoPath(id));
  expect(data, JSON.stringify(error)).toBeDefined();
  return waitFor(client, id, finished);
}

/** The event log of a video, checked by the same rules as the plain client's (checkLog). */
export async function cleanLog(client: VidgenClient, videoId: string): Promise<VideoEvent[]> {
  return checkLog(videoId, await eventsOf(client, videoId));
}

export { after, stagesStarted };
