import { loadConfig } from '@vidgen/config';
import Ajv2020 from 'ajv/dist/2020';
import { beforeAll, describe, expect, it } from 'vitest';
import { openApiDocumentFromCode } from '../../../api/src/openapi-document';
import { TOOLS } from './tool-catalogue';
import { type OpenApiDocument, type ToolInput, toolInput } from './tool-schemas';

describe('MCP tool input schemas from the API document', () => {
  let doc: OpenApiDocument;
  let inputs: Map<string, ToolInput>;

  beforeAll(async () => {
    doc = (await openApiDocumentFromCode(
      loadConfig({ ...process.env, VIDGEN_FAULT_INJECTION: undefined }),
    )) as unknown as OpenApiDocument;
    inputs = new Map(TOOLS.map((t) => [t.name, toolInput(doc, t.operationId, t.extra, t)]));
  }, 60_000);

  it('gives every tool a self-contained JSON Schema that a 2020-12 validator compiles', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    for (const [name, input] of inputs) {
      expect(JSON.stringify(input.schema), name).not.toContain('$ref');
      expect(JSON.stringify(input.schema), name).not.toContain('"nullable"');
      expect(() => ajv.compile(input.schema), name).not.toThrow();
    }
  });

  it("takes create_video's fields from CreateVideoDto, with the review-gate wait of its own", () => {
    const create = inputs.get('create_video')!;
    const dto = (doc.components!.schemas!.CreateVideoDto as { properties: Record<string, unknown> })
      .properties;
    expect(create.method).toBe('post');
    expect(create.path).toBe('/api/v1/videos');
    // A template's fields belong to create_from_template.
    expect(create.bodyFields.sort()).toEqual(
      Object.keys(dto)
        .filter((f) => f !== 'template_id' && f !== 'variables')
        .sort(),
    );
    expect(create.schema.required).toEqual(['prompt']);
    expect(create.schema.properties.voice.type).toEqual(['string', 'null']);
    expect(create.schema.properties.aspect_ratio.anyOf).toEqual([
      { type: 'string', enum: ['16:9', '9:16', '1:1'] },
      { type: 'null' },
    ]);
    // A nested DTO is inlined where it is referenced.
    expect(JSON.stringify(create.schema.properties.output)).toContain('"enum":[24,25,30,60]');
    expect(create.schema.properties.idempotency_key).toBeDefined();
    expect(create.headerParams).toEqual({ idempotency_key: 'Idempotency-Key' });
    expect(create.schema.properties.wait_for.enum).toEqual(['none', 'review', 'completed']);
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const validate = ajv.compile(create.schema);
    expect(validate({ prompt: 'Bees', aspect_ratio: '9:16', wait_for: 'review' })).toBe(true);
    expect(validate({ aspect_ratio: '9:16' })).toBe(false);
    expect(validate({ prompt: 'Bees', colour: 'red' })).toBe(false);
    expect(validate({ prompt: 'Bees', output: { resolution: '1080p', fps: 30 } })).toBe(true);
    expect(validate({ prompt: 'Bees', output: { fps: 29 } })).toBe(false);
  });

  it('makes a video from a template (create_from_template) and a batch of them (create_batch, get_batch)', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const fromTemplate = inputs.get('create_from_template')!;
    expect(fromTemplate.path).toBe('/api/v1/videos');
    expect(fromTemplate.schema.required).toEqual(['template_id', 'variables']);
    const validate = ajv.compile(fromTemplate.schema);
    expect(
      validate({ template_id: crypto.randomUUID(), variables: { product: 'Hat' }, wait_for: 'completed' }),
    ).toBe(true);
    expect(validate({ prompt: 'Bees' })).toBe(false);
    const batch = inputs.get('create_batch')!;
    expect(batch.path).toBe('/api/v1/batches');
    expect(batch.schema.required).toEqual(['template_id', 'rows']);
    const validBatch = ajv.compile(batch.schema);
    expect(
      validBatch({
        template_id: crypto.randomUUID(),
        rows: [{ variables: { a: 'b' }, metadata: { sku: 1 } }],
      }),
    ).toBe(true);
    expect(validBatch({ template_id: crypto.randomUUID() })).toBe(false);
    expect(inputs.get('get_batch')!.pathParams).toEqual(['id']);
  });

  it('puts path parameters beside the body fields (update_scene) and query parameters (list_videos)', () => {
    const update = inputs.get('update_scene')!;
    expect(update.pathParams).toEqual(['id', 'sceneId']);
    expect(update.schema.required).toEqual(['id', 'sceneId']);
    expect(Object.keys(update.schema.properties)).toEqual(
      expect.arrayContaining(['id', 'sceneId', 'visual_description', 'narration', 'image_asset_id']),
    );
    const list = inputs.get('list_videos')!;
    expect(list.queryParams).toEqual(['limit', 'cursor', 'status']);
    expect(list.schema.properties.status.enum).toContain('completed');
    expect(inputs.get('import_asset')!.schema.required).toEqual(['source_url']);
    expect(inputs.get('get_credits')!.schema.properties).toEqual({});
  });

  it('takes the video and the language for translate_video, with the Idempotency-Key header', () => {
    const translate = inputs.get('translate_video')!;
    expect(translate.pathParams).toEqual(['id']);
    expect(translate.schema.required).toEqual(['id', 'language']);
    expect(Object.keys(translate.schema.properties)).toEqual(
      expect.arrayContaining(['id', 'language', 'voice']),
    );
    expect(translate.headerParams).toEqual({ idempotency_key: 'Idempotency-Key' });
  });

  it('takes the video alone for get_storyboard (GET) and preview_video (POST, no body)', () => {
    const board = inputs.get('get_storyboard')!;
    expect([board.method, board.path]).toEqual(['get', '/api/v1/videos/{id}/storyboard']);
    const preview = inputs.get('preview_video')!;
    expect([preview.method, preview.path]).toEqual(['post', '/api/v1/videos/{id}/preview']);
    for (const tool of [board, preview]) {
      expect(tool.pathParams).toEqual(['id']);
      expect(tool.schema.required).toEqual(['id']);
      expect(tool.bodyFields).toEqual([]);
    }
  });

  it('takes a brand with its logo, font and cards (create_brand), and brand_id on create_video', () => {
    const brand = inputs.get('create_brand')!;
    expect(brand.schema.required).toEqual(['name']);
    expect(Object.keys(brand.schema.properties)).toEqual(
      expect.arrayContaining(['name', 'logo', 'font', 'captions', 'palette', 'intro', 'outro', 'default']),
    );
    expect(Object.keys(inputs.get('create_video')!.schema.properties)).toContain('brand_id');
    expect(inputs.get('list_fonts')!.schema.properties).toEqual({});
  });
});
