/**
 * vidgen's MCP server: the REST API as tools an agent can call, over any MCP transport (stdio in
 * `npm run mcp` and the `vidgen-mcp` bin). It speaks to the API only, with the key it is given, so
 * the key's scopes decide what an agent may do; it never touches the database.
 * docs/decisions/0040-reach-any-node-mcp-1080p-frame-rates.md.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { createClient, type Video, WaitForVideoError, waitForVideo } from '@vidgen/client';
import { type OpenApiDocument, type ToolInput, toolInput } from './tool-schemas';

export interface VidgenMcpOptions {
  /** The API's base, e.g. http://localhost:8080/api/v1 (VIDGEN_API_URL). */
  apiUrl: string;
  /** Sent as X-Api-Key (VIDGEN_API_KEY). */
  apiKey?: string;
  /** Time between polls while create_video waits (default 2 s). */
  pollIntervalMs?: number;
}

interface ToolSpec {
  name: string;
  operationId: string;
  description: string;
  // biome-ignore lint/suspicious/noExplicitAny: extra JSON Schema properties of the tool
  extra?: Record<string, any>;
  readOnly?: boolean;
  destructive?: boolean;
}

const WAIT_FOR = 'wait_for';
const WAIT_TIMEOUT = 'wait_timeout_seconds';

export const TOOLS: readonly ToolSpec[] = [
  {
    name: 'create_video',
    operationId: 'Videos_create',
    description:
      'Start a video from a prompt (POST /videos): vidgen writes a script of scenes and stops at the review gate ' +
      '(unless auto_approve) until approve_video. With wait_for "review" it waits there and returns the video and ' +
      'its scenes to review; with "completed" it waits for the finished video (use with auto_approve). ' +
      'For Shorts, Reels and TikTok: aspect_ratio "9:16" and output {"resolution": "1080p", "fps": 30}.',
    extra: {
      [WAIT_FOR]: {
        type: 'string',
        enum: ['none', 'review', 'completed'],
        default: 'none',
        description:
          'none: return the created record at once; review: wait for the script at the review gate and return ' +
          'the scenes; completed: wait until the video is rendered',
      },
      [WAIT_TIMEOUT]: {
        type: 'integer',
        minimum: 1,
        maximum: 3600,
        default: 600,
        description: 'How long wait_for may wait',
      },
    },
  },
  {
    name: 'get_video',
    operationId: 'Videos_get',
    description:
      'A video record (GET /videos/{id}): status, awaiting_approval, options, failure_reason and, once ' +
      'completed, the URLs of its MP4, audio, thumbnail and subtitles.',
    readOnly: true,
  },
  {
    name: 'list_videos',
    operationId: 'Videos_list',
    description: "The account's videos, newest first, a page at a time (GET /videos).",
    readOnly: true,
  },
  {
    name: 'list_scenes',
    operationId: 'Videos_scenes',
    description:
      "A video's scenes in order, with visual description, narration and image (GET /videos/{id}/scenes).",
    readOnly: true,
  },
  {
    name: 'update_scene',
    operationId: 'Videos_updateScene',
    description:
      "Edit a scene's visual description, narration or image at the review gate, before approve_video " +
      '(PATCH /videos/{id}/scenes/{sceneId}).',
  },
  {
    name: 'approve_video',
    operationId: 'Videos_approve',
    description:
      'Pass the review gate: images, narration and the render start (POST /videos/{id}/approve). Also retries a ' +
      'failed video.',
  },
  {
    name: 'regenerate_video',
    operationId: 'Videos_regenerate',
    description:
      'Write the script again with feedback (POST /videos/{id}/regenerate); the video comes back to the review gate.',
  },
  {
    name: 'delete_video',
    operationId: 'Videos_remove',
    description: 'Delete a video that is not being processed, with its files (DELETE /videos/{id}).',
    destructive: true,
  },
  {
    name: 'list_voices',
    operationId: 'Voices_list',
    description: 'The voices a video can be narrated with, by language (GET /voices).',
    readOnly: true,
  },
  {
    name: 'import_asset',
    operationId: 'Assets_create',
    description:
      'Import an image or audio file from an HTTPS URL as an asset of the account (POST /assets); an image ' +
      "asset's id can replace a scene's image (update_scene image_asset_id), an audio asset's can be music.",
  },
  {
    name: 'get_credits',
    operationId: 'Credits_summary',
    description: "The account's credit balance and plan (GET /credits).",
    readOnly: true,
  },
];

const GUIDE_URI = 'vidgen://guide/review-then-approve';

export const GUIDE = `# Making a video with vidgen: review, then approve

1. **create_video** with a prompt (and aspect_ratio, voice, language, output…). vidgen writes a
   script of scenes and stops at the **review gate** (status stays in progress, awaiting_approval
   is true). Nothing is charged for images, narration or the render until it is approved.
   Pass wait_for "review" to wait there and get the scenes back.
2. **list_scenes** shows each scene's visual_description and narration. Review them with the user.
3. **update_scene** changes a scene's visual_description or narration (or sets image_asset_id to an
   image imported with **import_asset**); **regenerate_video** with feedback writes the whole script
   again and comes back to the gate.
4. **approve_video** passes the gate: images, narration and the render run; the credits are taken.
5. **get_video** until status is completed (video_url, audio_url, thumbnail_url) or failed
   (failure_reason; approve_video retries a failed video).

With auto_approve true, create_video skips the gate (wait_for "completed" returns the finished
video). **get_credits** tells what is left, **list_voices** which voices speak a language.
An API error comes back as a tool error whose text starts with the interface's code
(NOT_FOUND, INVALID_STATE, VALIDATION_ERROR with details, INSUFFICIENT_CREDITS, …) and its message.
`;

/** A failed call's code and message, and the API's error body as it came. */
class ApiError extends Error {
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

function textResult(data: unknown): CallToolResult {
  const result: CallToolResult = { content: [{ type: 'text', text: JSON.stringify(data, null, 2) }] };
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    result.structuredContent = data as Record<string, unknown>;
  }
  return result;
}

function errorResult(err: ApiError): CallToolResult {
  const content: CallToolResult['content'] = [{ type: 'text', text: `${err.code}: ${err.message}` }];
  if (err.body !== undefined) content.push({ type: 'text', text: JSON.stringify(err.body, null, 2) });
  return { isError: true, content };
}

export function createVidgenMcpServer(options: VidgenMcpOptions): Server {
  const base = options.apiUrl.replace(/\/+$/, '');
  const origin = base.replace(/\/api\/v1$/, '');
  const headers: Record<string, string> = options.apiKey ? { 'X-Api-Key': options.apiKey } : {};
  const client = createClient({ baseUrl: origin, apiKey: options.apiKey });

  let inputs: Promise<Map<string, ToolInput>> | undefined;
  const toolInputs = () => {
    inputs ??= loadInputs().catch((err) => {
      inputs = undefined; // the next request tries again (the api may not have been up yet)
      throw err;
    });
    return inputs;
  };

  async function loadInputs(): Promise<Map<string, ToolInput>> {
    let res: Response;
    try {
      res = await fetch(`${origin}/api/v1/openapi.json`);
    } catch (err) {
      throw new McpError(ErrorCode.InternalError, `cannot reach the vidgen API at ${base}: ${String(err)}`);
    }
    if (!res.ok) {
      throw new McpError(
        ErrorCode.InternalError,
        `${origin}/api/v1/openapi.json answered HTTP ${res.status}`,
      );
    }
    const doc = (await res.json()) as OpenApiDocument;
    return new Map(TOOLS.map((t) => [t.name, toolInput(doc, t.operationId, t.extra)]));
  }

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
    return { video, scenes };
  }

  const server = new Server(
    { name: 'vidgen', version: '0.1.0' },
    {
      capabilities: { tools: {}, resources: {}, prompts: {} },
      instructions:
        'vidgen makes narrated short videos from a prompt. Create a video, review its scenes at the review gate ' +
        `(list_scenes, update_scene), then approve_video; read ${GUIDE_URI} for the whole flow.`,
    },
  );

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const byName = await toolInputs();
    return {
      tools: TOOLS.map((t) => ({
        name: t.name,
        description: t.description,
        inputSchema: byName.get(t.name)!.schema,
        annotations: {
          readOnlyHint: t.readOnly ?? false,
          destructiveHint: t.destructive ?? false,
          openWorldHint: false,
        },
      })),
    };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const input = (await toolInputs()).get(request.params.name);
    if (!input) throw new McpError(ErrorCode.InvalidParams, `unknown tool ${request.params.name}`);
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    try {
      const data =
        request.params.name === 'create_video' ? await createVideo(input, args) : await call(input, args);
      return textResult(data);
    } catch (err) {
      if (err instanceof ApiError) return errorResult(err);
      throw err;
    }
  });

  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: [
      {
        uri: GUIDE_URI,
        name: 'review-then-approve',
        title: 'Making a video: review, then approve',
        description: 'How an agent makes a video with these tools, from prompt to MP4',
        mimeType: 'text/markdown',
      },
    ],
  }));

  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    if (request.params.uri !== GUIDE_URI) {
      throw new McpError(ErrorCode.InvalidParams, `unknown resource ${request.params.uri}`);
    }
    return { contents: [{ uri: GUIDE_URI, mimeType: 'text/markdown', text: GUIDE }] };
  });

  server.setRequestHandler(ListPromptsRequestSchema, async () => ({
    prompts: [
      {
        name: 'make_video',
        title: 'Make a video, reviewing the script first',
        description: 'Create a video from a topic, review its scenes with the user, then approve it',
        arguments: [
          { name: 'topic', description: 'What the video is about', required: true },
          { name: 'aspect_ratio', description: '16:9, 9:16 or 1:1', required: false },
        ],
      },
    ],
  }));

  server.setRequestHandler(GetPromptRequestSchema, async (request) => {
    if (request.params.name !== 'make_video') {
      throw new McpError(ErrorCode.InvalidParams, `unknown prompt ${request.params.name}`);
    }
    const topic = request.params.arguments?.topic ?? '';
    const ratio = request.params.arguments?.aspect_ratio;
    return {
      description: 'Make a video, reviewing the script first',
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text:
              `Make a short narrated video about: ${topic}\n` +
              `Call create_video with this prompt${ratio ? `, aspect_ratio "${ratio}"` : ''} and wait_for "review". ` +
              'Show me the scenes (narration and visual description) and ask what to change; apply my changes with ' +
              'update_scene (or regenerate_video with my feedback). Only when I agree, call approve_video, then ' +
              'get_video until it is completed and give me its video_url.\n\n' +
              GUIDE,
          },
        },
      ],
    };
  });

  return server;
}
