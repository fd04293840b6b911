// A stand-in for Ollama answering the two routes vidgen uses as Ollama documents them:
// GET /api/tags (https://docs.ollama.com/api/tags) and the OpenAI-compatible
// POST /v1/chat/completions with `response_format` (https://docs.ollama.com/api/openai-compatibility).
import type { ServerResponse } from 'node:http';
import { type LocalServer, startLocalServer } from './local-server';

export interface ChatRequest {
  model?: string;
  messages?: { role: string; content: string }[];
  response_format?: { type?: string; json_schema?: { name?: string; schema?: unknown } };
  [key: string]: unknown;
}

/** What the stand-in writes for a chat request: the assistant's content. */
export type Writer = (request: ChatRequest) => string;

/** Writes the number of scenes the request asks for ("Write 5 scenes" / "Write exactly 5 scenes"). */
export const sceneWriter =
  (subject = 'the topic'): Writer =>
  (request) => {
    const user = request.messages?.find((m) => m.role === 'user')?.content ?? '';
    const count = Number(/Write (?:exactly )?(\d+) scenes/.exec(user)?.[1] ?? 3);
    return JSON.stringify({
      scenes: Array.from({ length: count }, (_, i) => ({
        visual_description: `A clear illustration of step ${i + 1} of ${subject}`,
        narration: `Step ${i + 1}: this is how ${subject} works, told in a full sentence.`,
      })),
    });
  };

export class FakeOllama {
  /** The installed models, as `ollama list` names them ("qwen2.5:3b"); change it to pull or remove one. */
  models: string[] = [];
  readonly chats: ChatRequest[] = [];
  tagRequests = 0;
  writer: Writer = sceneWriter();
  private server?: LocalServer;

  /** Starts on a free port; returns the host as OLLAMA_HOST names it (no /v1). */
  async start(): Promise<string> {
    this.server = await startLocalServer((req, res, raw) => {
      if (req.method === 'GET' && req.url === '/api/tags') {
        this.tagRequests++;
        return json(res, 200, { models: this.models.map(tag) });
      }
      if (req.method === 'POST' && req.url === '/v1/chat/completions') {
        const body = JSON.parse(raw) as ChatRequest;
        this.chats.push(body);
        if (!body.model || !this.models.includes(body.model)) {
          return json(res, 404, {
            error: {
              message: `model "${body.model}" not found, try pulling it first`,
              type: 'api_error',
              param: null,
              code: null,
            },
          });
        }
        return json(res, 200, {
          id: `chatcmpl-${this.chats.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          system_fingerprint: 'fp_ollama',
          choices: [
            { index: 0, message: { role: 'assistant', content: this.writer(body) }, finish_reason: 'stop' },
          ],
          usage: { prompt_tokens: 100, completion_tokens: 200, total_tokens: 300 },
        });
      }
      res.writeHead(404, { 'content-type': 'text/plain' }).end('404 page not found');
    });
    return `http://127.0.0.1:${this.server.port}`;
  }

  async stop(): Promise<void> {
    await this.server?.stop();
  }
}

/** One entry of /api/tags as Ollama answers it. */
function tag(name: string) {
  const family = name.split(':')[0]!.replace(/[\d.]+$/, '');
  return {
    name,
    model: name,
    modified_at: '2026-11-20T10:12:03.409490317Z',
    size: 1_929_912_432,
    digest: 'a2af6cc3eb7fa8be8504abaf9b04e88f17a119ec3f04a3addf55f92841195f5a',
    details: {
      parent_model: '',
      format: 'gguf',
      family,
      families: [family],
      parameter_size: '3.1B',
      quantization_level: 'Q4_K_M',
    },
  };
}

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
