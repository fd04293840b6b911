import type { VideoEvent, VideoStatus, VidgenClient } from './client';
import { errorMessage } from './client';
import type { components } from './generated/api';

/** A `progress` message: how far the running video is (the record's `progress`) and its status. */
export type ProgressReport = components['schemas']['ProgressDto'] & { status: VideoStatus };

/** One message of GET /videos/{id}/events as Server-Sent Events (docs/api.md#event-stream). */
export type VideoStreamMessage =
  | { id: string; event: 'progress'; data: ProgressReport }
  | { id: string; event: Exclude<string, 'progress'>; data: VideoEvent };

/** Log events after which the server closes the stream. */
export const TERMINAL_EVENTS: readonly string[] = ['completed', 'failed', 'deleted'];

export interface VideoEventsOptions {
  /** Resume after this message (the `id` of the last one seen). */
  lastEventId?: string;
  signal?: AbortSignal;
  /** Reconnections in a row that may fail before the iterator throws (default 5). */
  maxRetries?: number;
  /** Wait before reconnecting, unless the server said otherwise with `retry:` (default 1 s). */
  retryMs?: number;
}

export class VideoEventsError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'VideoEventsError';
  }
}

/**
 * The video's events as they happen: the log from the start (or after `lastEventId`), progress
 * every 2 s while it runs, until the terminal event (completed, failed or deleted), after which
 * the iteration ends. A dropped connection is resumed with `Last-Event-ID`, so no event of the
 * log is lost or repeated. An answer that is not a stream (401, 403, 404, …) throws at once.
 *
 *   for await (const m of videoEvents(client, id)) if (m.event === 'progress') show(m.data.percent);
 */
export async function* videoEvents(
  client: VidgenClient,
  id: string,
  options: VideoEventsOptions = {},
): AsyncGenerator<VideoStreamMessage> {
  let lastId = options.lastEventId;
  let retryMs = options.retryMs ?? 1000;
  let failures = 0;
  for (;;) {
    let ended = false;
    try {
      const { data, error, response } = await client.GET('/api/v1/videos/{id}/events', {
        params: { path: { id } },
        headers: { Accept: 'text/event-stream', ...(lastId && { 'Last-Event-ID': lastId }) },
        parseAs: 'stream',
        signal: options.signal,
      });
      if (!response.ok || !data) {
        throw new VideoEventsError(
          `GET /videos/${id}/events: ${errorMessage(error, response)}`,
          response.status,
        );
      }
      for await (const field of sseMessages(data as ReadableStream<Uint8Array>)) {
        if (field.retry !== undefined) retryMs = field.retry;
        if (field.data === undefined || field.id === undefined) continue;
        failures = 0;
        lastId = field.id;
        const message = { id: field.id, event: field.event ?? 'message', data: JSON.parse(field.data) };
        yield message as VideoStreamMessage;
        if (TERMINAL_EVENTS.includes(message.event)) ended = true;
      }
      if (ended) return;
    } catch (err) {
      if (err instanceof VideoEventsError || options.signal?.aborted) throw err;
      if (++failures > (options.maxRetries ?? 5)) throw err;
    }
    await new Promise((resolve) => setTimeout(resolve, retryMs));
  }
}

interface SseFields {
  id?: string;
  event?: string;
  data?: string;
  retry?: number;
}

/** The messages of a text/event-stream body (the WHATWG event stream format). */
async function* sseMessages(body: ReadableStream<Uint8Array>): AsyncGenerator<SseFields> {
  const decoder = new TextDecoder();
  let buffer = '';
  let fields: SseFields = {};
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let nl = buffer.search(/\r\n|\r|\n/);
    while (nl >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + (buffer.startsWith('\r\n', nl) ? 2 : 1));
      if (line === '') {
        if (Object.keys(fields).length > 0) yield fields;
        fields = {};
      } else if (!line.startsWith(':')) {
        const colon = line.indexOf(':');
        const name = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (name === 'data') fields.data = fields.data === undefined ? value : `${fields.data}\n${value}`;
        else if (name === 'id') fields.id = value;
        else if (name === 'event') fields.event = value;
        else if (name === 'retry' && /^\d+$/.test(value)) fields.retry = Number(value);
      }
      nl = buffer.search(/\r\n|\r|\n/);
    }
  }
}
