import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createClient, type Video, WaitForVideoError, waitForVideo } from '@vidgen/client';
import { WAIT_FOR, WAIT_TIMEOUT } from './tool-catalogue';
import type { ToolInput } from './tool-schemas';

/** Where the tools send their requests, and how long create_video polls. */
export interface ApiTarget {
  /** The API's base, e.g. http://localhost:8080/api/v1 (VIDGEN_API_URL). */
  apiUrl: string;
  /** Sent as X-Api-Key (VIDGEN_API_KEY). */
  apiKey?: string;
  /** Time between polls while create_video waits (default 2 s). */
  pollIntervalMs?: number;
}

/** A failed call's code and message, and the API's error body as it came. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

const CODE_OF_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  402: 'INSUFFICIENT_CREDITS',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  422: 'VALIDATION_ERROR',
  429: 'RATE_LIMITED',
};

export function textResult(data: unknown): CallToolResult {
  const result: CallToolResult = { content: [{ type: 'text', text: JSON.stringify(data, null, 2) }] };
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    result.structuredContent = data as Record<string, unknown>;
  }
  return result;
}

export function errorResult(err: ApiError): CallToolResult {
  const content: CallToolResult['content'] = [{ type: 'text', text: `${err.code}: ${err.message}` }];
  if (err.body !== undefined) content.push({ type: 'text', text: JSON.stringify(err.body, null, 2) });
  return { isError: true, content };
}

/** One tool call as an API request, and create_video's wait for the review gate or the render. */
export function createToolCalls(options: ApiTarget) {
  const base = options.apiUrl.replace(/\/+$/, '');
  const origin = base.replace(/\/api\/v1$/, '');
  const headers: Record<string, string> = options.apiKey ? { 'X-Api-Key': options.apiKey } : {};
  const client = createClient({ baseUrl: origin, apiKey: options.apiKey });

  async function call(input: ToolInput, args: Record<string, unknown>): Promise<unknown> {
    let path = input.path;
    for (const name of input.pathParams) {
      const value = args[name];
      if (typeof value !== 'string' || value === '') {
        throw new ApiError('VALIDATION_ERROR', `${name} is required`, undefined);
      }
      path = path.replace(`{${name}}`, encodeURIComponent(value));
    }
    const query = new URLSearchParams();
    for (const name of input.queryParams) {
      if (args[name] !== undefined && args[name] !== null) query.set(name, String(args[name]));
    }
    const reqHeaders: Record<string, string> = { ...headers };
    for (const [name, header] of Object.entries(input.headerParams)) {
      if (typeof args[name] === 'string') reqHeaders[header] = args[name] as string;
    }
    let body: string | undefined;
    if (input.bodyFields.length > 0) {
      body = JSON.stringify(
        Object.fromEntries(input.bodyFields.filter((f) => f in args).map((f) => [f, args[f]])),
      );
      reqHeaders['Content-Type'] = 'application/json';
    }
    const url = `${origin}${path}${query.size > 0 ? `?${query}` : ''}`;
    let res: Response;
    try {
      res = await fetch(url, { method: input.method.toUpperCase(), headers: reqHeaders, body });
    } catch (err) {
      throw new ApiError('UNAVAILABLE', `cannot reach the vidgen API at ${base}: ${String(err)}`, undefined);
    }
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    // A 204 (DELETE) has no body: the result says what was done.
    if (res.ok) return parsed ?? (input.method === 'delete' ? { id: args.id, deleted: true } : {});
    const error = (parsed as { error?: unknown } | undefined)?.error;
    if (error && typeof error === 'object') {
      const e = error as { code?: string; message?: string };
      throw new ApiError(e.code ?? CODE_OF_STATUS[res.status] ?? 'INTERNAL_ERROR', e.message ?? '', parsed);
    }
    throw new ApiError(
      CODE_OF_STATUS[res.status] ?? 'INTERNAL_ERROR',
      typeof error === 'string' ? error : `HTTP ${res.status}`,
      parsed,
    );
  }

  async function createVideo(input: ToolInput, args: Record<string, unknown>): Promise<unknown> {
    const { [WAIT_FOR]: waitFor = 'none', [WAIT_TIMEOUT]: timeoutSeconds = 600, ...rest } = args;
    const created = (await call(input, rest)) as Video;
    if (waitFor === 'none') return created;
    let video: Video;
    try {
      video = await waitForVideo(client, created.id, {
        until: waitFor === 'review' ? (v) => v.awaiting_approval || v.status === 'completed' : 'completed',
        timeoutMs: Number(timeoutSeconds) * 1000,
        intervalMs: options.pollIntervalMs ?? 2000,
      });
    } catch (err) {
      if (err instanceof WaitForVideoError) {
        const failure = err.last?.failure_reason;
        // The video's failure cause when it failed, else the wait ran out (or a poll failed).
        throw new ApiError(
          failure?.code ?? 'TIMEOUT',
          `${err.message}; the video is ${err.last?.id ?? created.id}`,
          err.last,
        );
      }
      throw err;
    }
    if (waitFor === 'completed') return video;
    const { data: scenes, error } = await client.GET('/api/v1/videos/{id}/scenes', {
      params: { path: { id: video.id } },
    });
    if (!scenes) {
      const e = (error as { error?: { code?: string; message?: string } } | undefined)?.error;
      throw new ApiError(e?.code ?? 'INTERNAL_ERROR', e?.message ?? 'listing the scenes failed', error);
    }
    // The record's warnings first: a script the planner could not write is said before its scenes.
    return { warnings: video.warnings, video, scenes };
  }

  return { call, createVideo };
}
