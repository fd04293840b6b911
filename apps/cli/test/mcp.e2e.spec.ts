import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { REPO_ROOT } from '@vidgen/devstack';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount } from '../../../test/support/api';

const TOOL_NAMES = [
  'create_video',
  'create_from_template',
  'create_batch',
  'get_batch',
  'get_video',
  'list_videos',
  'list_scenes',
  'update_scene',
  'get_storyboard',
  'preview_video',
  'approve_video',
  'regenerate_video',
  'translate_video',
  'delete_video',
  'list_voices',
  'import_asset',
  'list_fonts',
  'list_brands',
  'create_brand',
  'get_credits',
];

type Any = any;

function text(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}

describe('the MCP server (vidgen-mcp over stdio) against the running api', () => {
  let client: Client;
  let stderr = '';
  let account: Awaited<ReturnType<typeof createAccount>>;

  beforeAll(async () => {
    account = await createAccount({ credits: 20 });
    // The `vidgen-mcp` bin as a host starts it: a child process speaking MCP on stdin/stdout.
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [path.join(REPO_ROOT, 'apps/cli/bin/vidgen-mcp')],
      cwd: REPO_ROOT,
      env: {
        ...(process.env as Record<string, string>),
        VIDGEN_API_URL: inject('stack').apiBaseUrl,
        VIDGEN_API_KEY: account.key,
      },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk) => {
      stderr += String(chunk);
    });
    client = new Client({ name: 'vidgen-e2e', version: '1.0.0' });
    await client.connect(transport);
  }, 60_000);

  afterAll(async () => {
    await client?.close();
  });

  it('lists its tools with input schemas from the API document, its guide and its prompt', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort());
    const create = tools.find((t) => t.name === 'create_video')!;
    expect(create.inputSchema.required).toEqual(['prompt']);
    expect((create.inputSchema.properties as Any).output).toBeDefined();
    expect(JSON.stringify((create.inputSchema.properties as Any).aspect_ratio)).toContain('9:16');

    const { resources } = await client.listResources();
    const guide = await client.readResource({ uri: resources[0]!.uri });
    expect((guide.contents[0] as { text: string }).text).toMatch(/approve_video\*\* passes the gate/);
    const prompt = await client.getPrompt({ name: 'make_video', arguments: { topic: 'tide pools' } });
    expect(JSON.stringify(prompt.messages)).toContain('tide pools');
    expect(stderr).toContain('serving');
  });

  it('creates a video, waits at the review gate, edits a scene, approves it and reads it back completed', async () => {
    const created = (await client.callTool({
      name: 'create_video',
      arguments: {
        prompt: 'Paper boats on a pond.',
        scene_count: 2,
        wait_for: 'review',
        wait_timeout_seconds: 120,
      },
    })) as CallToolResult;
    expect(created.isError ?? false, text(created)).toBe(false);
    const { video, scenes, warnings } = created.structuredContent as Any;
    expect(video.awaiting_approval).toBe(true);
    // The stack's planner wrote one scene of the two asked for: the tool says so, and how to connect a model.
    expect(video.script_source).toBe('planner');
    expect(warnings).toEqual(video.warnings);
    expect(warnings.map((w: Any) => w.code)).toEqual(['planner_cannot_write']);
    expect(warnings[0].message).toMatch(/Ollama/);
    expect(scenes.length).toBeGreaterThanOrEqual(1);
    expect(scenes).toHaveLength(video.scene_count);
    expect(JSON.parse(text(created)).video.id).toBe(video.id);

    const got = (await client.callTool({ name: 'get_video', arguments: { id: video.id } })) as CallToolResult;
    expect((got.structuredContent as Any).id).toBe(video.id);
    expect((got.structuredContent as Any).prompt).toBe('Paper boats on a pond.');

    const edited = (await client.callTool({
      name: 'update_scene',
      arguments: {
        id: video.id,
        sceneId: scenes.at(-1).id,
        narration: 'The last boat reaches the far bank.',
      },
    })) as CallToolResult;
    expect(edited.isError ?? false, text(edited)).toBe(false);
    expect((edited.structuredContent as Any).narration).toBe('The last boat reaches the far bank.');

    const listed = (await client.callTool({
      name: 'list_videos',
      arguments: { limit: 5 },
    })) as CallToolResult;
    expect(JSON.stringify(listed.structuredContent)).toContain(video.id);

    const approved = (await client.callTool({
      name: 'approve_video',
      arguments: { id: video.id },
    })) as CallToolResult;
    expect(approved.isError ?? false, text(approved)).toBe(false);

    let last: Any;
    for (let i = 0; i < 120; i++) {
      last = ((await client.callTool({ name: 'get_video', arguments: { id: video.id } })) as CallToolResult)
        .structuredContent;
      if (last.status === 'completed' || last.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    expect(last.status).toBe('completed');
    expect(last.video_url).toMatch(/^http/);

    // A completed video's scenes cannot change: the interface's INVALID_STATE, as a tool error.
    const late = (await client.callTool({
      name: 'update_scene',
      arguments: { id: video.id, sceneId: scenes[0].id, narration: 'Too late.' },
    })) as CallToolResult;
    expect(late.isError).toBe(true);
    expect(text(late)).toMatch(/^INVALID_STATE: /);
  }, 240_000);

  it('answers an unknown id with a tool error carrying NOT_FOUND and the message', async () => {
    const result = (await client.callTool({
      name: 'get_video',
      arguments: { id: '00000000-0000-4000-8000-000000000000' },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/^NOT_FOUND: \S/);
    expect(JSON.parse((result.content[1] as { text: string }).text).error.code).toBe('NOT_FOUND');

    const deleted = (await client.callTool({
      name: 'delete_video',
      arguments: { id: '00000000-0000-4000-8000-000000000000' },
    })) as CallToolResult;
    expect(deleted.isError).toBe(true);
    expect(text(deleted)).toMatch(/^NOT_FOUND: /);
  });

  it('deletes a video at the review gate and says so, after which it is NOT_FOUND', async () => {
    const created = (await client.callTool({
      name: 'create_video',
      arguments: { prompt: 'A lighthouse at night.', scene_count: 1, wait_for: 'review' },
    })) as CallToolResult;
    const { video } = created.structuredContent as Any;
    const deleted = (await client.callTool({
      name: 'delete_video',
      arguments: { id: video.id },
    })) as CallToolResult;
    expect(deleted.isError ?? false, text(deleted)).toBe(false);
    expect(deleted.structuredContent).toEqual({ id: video.id, deleted: true });
    const gone = (await client.callTool({
      name: 'get_video',
      arguments: { id: video.id },
    })) as CallToolResult;
    expect(text(gone)).toMatch(/^NOT_FOUND: /);
  }, 120_000);

  it('answers a body the API refuses with VALIDATION_ERROR and its loc, and charges nothing', async () => {
    const before = ((await client.callTool({ name: 'get_credits', arguments: {} })) as CallToolResult)
      .structuredContent as Any;
    const result = (await client.callTool({
      name: 'create_video',
      arguments: { prompt: 'Bees', output: { resolution: '1080p', fps: 29 } },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/^VALIDATION_ERROR: /);
    const body = JSON.parse((result.content[1] as { text: string }).text);
    expect(body.error.details.map((d: Any) => d.loc.join('.'))).toContain('body.output.fps');
    const after = ((await client.callTool({ name: 'get_credits', arguments: {} })) as CallToolResult)
      .structuredContent as Any;
    expect(after.balance).toBe(before.balance);
  });

  it('makes a video from a template with its variables, then a batch of the template, and reads the batch', async () => {
    const template = await account.api.post('/templates', {
      name: 'Greeting',
      request: { prompt: 'A greeting for {{name}}', scenes: [{ narration: 'Hello {{name}}.' }] },
    });
    expect(template.status, template.text).toBe(201);
    const made = (await client.callTool({
      name: 'create_from_template',
      arguments: { template_id: template.body.id, variables: { name: 'Ada' }, wait_for: 'review' },
    })) as CallToolResult;
    expect(made.isError, text(made)).toBeFalsy();
    const review = JSON.parse(text(made));
    expect(review.video.prompt).toBe('A greeting for Ada');
    expect(review.scenes.map((sc: Any) => sc.narration)).toEqual(['Hello Ada.']);

    const batch = (await client.callTool({
      name: 'create_batch',
      arguments: {
        template_id: template.body.id,
        rows: [{ variables: { name: 'Ben' }, metadata: { n: 1 } }],
        auto_approve: false,
      },
    })) as CallToolResult;
    expect(batch.isError, text(batch)).toBeFalsy();
    const record = JSON.parse(text(batch));
    expect(record).toMatchObject({ template_id: template.body.id, status: 'running', total: 1 });
    const got = (await client.callTool({
      name: 'get_batch',
      arguments: { id: record.id },
    })) as CallToolResult;
    expect(JSON.parse(text(got))).toMatchObject({ id: record.id, total: 1 });
    const missing = (await client.callTool({
      name: 'create_from_template',
      arguments: { template_id: template.body.id, variables: {} },
    })) as CallToolResult;
    expect(missing.isError).toBe(true);
    expect(text(missing)).toContain('VALIDATION_ERROR');
  });
});
