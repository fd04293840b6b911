/**
 * vidgen's MCP server: the REST API as tools an agent can call, over any MCP transport (stdio in
 * `npm run mcp` and the `vidgen-mcp` bin). It speaks to the API only, with the key it is given, so
 * the key's scopes decide what an agent may do; it never touches the database.
 * docs/decisions/0040-reach-any-node-mcp-1080p-frame-rates.md.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { GUIDE_URI, serveGuide } from './guide';
import { ApiError, type ApiTarget, createToolCalls, errorResult, textResult } from './tool-calls';
import { TOOLS } from './tool-catalogue';
import { type OpenApiDocument, type ToolInput, toolInput } from './tool-schemas';

export type VidgenMcpOptions = ApiTarget;

export function createVidgenMcpServer(options: VidgenMcpOptions): Server {
  const base = options.apiUrl.replace(/\/+$/, '');
  const origin = base.replace(/\/api\/v1$/, '');
  const { call, createVideo } = createToolCalls(options);

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
    return new Map(TOOLS.map((t) => [t.name, toolInput(doc, t.operationId, t.extra, t)]));
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
        input.path === '/api/v1/videos' && input.method === 'post'
          ? await createVideo(input, args)
          : await call(input, args);
      return textResult(data);
    } catch (err) {
      if (err instanceof ApiError) return errorResult(err);
      throw err;
    }
  });

  serveGuide(server);

  return server;
}
