import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startOfflineApp } from './support/offline-app';

type Json = Record<string, any>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * The structural rules of OpenAPI 3.0 that a generator can get wrong: required top-level
 * fields, path templates matched by path parameters, responses present and keyed by status,
 * unique operation ids, every $ref resolvable, every security requirement naming a scheme.
 * Returns the violations, so a failure lists them all.
 */
function openApiViolations(doc: Json): string[] {
  const problems: string[] = [];
  if (typeof doc.openapi !== 'string' || !/^3\.\d+\.\d+$/.test(doc.openapi))
    problems.push('openapi: not 3.x.y');
  if (typeof doc.info?.title !== 'string' || !doc.info.title) problems.push('info.title missing');
  if (typeof doc.info?.version !== 'string' || !doc.info.version) problems.push('info.version missing');
  if (typeof doc.paths !== 'object' || doc.paths === null) problems.push('paths missing');
  const schemes = doc.components?.securitySchemes ?? {};
  const checkSecurity = (where: string, security: unknown) => {
    if (security === undefined) return;
    if (!Array.isArray(security)) return problems.push(`${where}: security is not an array`);
    for (const requirement of security) {
      for (const name of Object.keys(requirement)) {
        if (!schemes[name]) problems.push(`${where}: security names unknown scheme ${name}`);
      }
    }
  };
  checkSecurity('root', doc.security);

  const operationIds = new Set<string>();
  for (const [p, item] of Object.entries<Json>(doc.paths ?? {})) {
    if (!p.startsWith('/')) problems.push(`${p}: path does not start with /`);
    const templated = [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    for (const [method, op] of Object.entries<Json>(item)) {
      const where = `${method.toUpperCase()} ${p}`;
      if (!METHODS.includes(method)) {
        if (
          method !== 'parameters' &&
          method !== 'summary' &&
          method !== 'description' &&
          method !== 'servers'
        )
          problems.push(`${p}: unknown key ${method}`);
        continue;
      }
      const responses = Object.entries<Json>(op.responses ?? {});
      if (responses.length === 0) problems.push(`${where}: no responses`);
      for (const [status, response] of responses) {
        if (!/^([1-5]\d\d|[1-5]XX|default)$/.test(status))
          problems.push(`${where}: bad response key ${status}`);
        if (typeof response.description !== 'string') problems.push(`${where} ${status}: no description`);
      }
      if (op.operationId) {
        if (operationIds.has(op.operationId))
          problems.push(`${where}: duplicate operationId ${op.operationId}`);
        operationIds.add(op.operationId);
      }
      const params: Json[] = [...(item.parameters ?? []), ...(op.parameters ?? [])];
      for (const name of templated) {
        const param = params.find((x) => x.in === 'path' && x.name === name);
        if (!param) problems.push(`${where}: no parameter for {${name}}`);
        else if (param.required !== true) problems.push(`${where}: path parameter ${name} not required`);
      }
      for (const param of params) {
        if (!['query', 'header', 'path', 'cookie'].includes(param.in))
          problems.push(`${where}: parameter in ${param.in}`);
        if (param.in === 'path' && !templated.includes(param.name))
          problems.push(`${where}: path parameter ${param.name} not in the template`);
      }
      checkSecurity(where, op.security);
    }
  }

  const visit = (node: unknown, at: string) => {
    if (Array.isArray(node)) {
      for (const [i, n] of node.entries()) visit(n, `${at}/${i}`);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref') {
        if (typeof v !== 'string' || !v.startsWith('#/')) {
          problems.push(`${at}: non-local $ref ${v}`);
          continue;
        }
        const target = v
          .slice(2)
          .split('/')
          .reduce<Json | undefined>((o, seg) => o?.[seg.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
        if (target === undefined) problems.push(`${at}: unresolved $ref ${v}`);
      } else visit(v, `${at}/${k}`);
    }
  };
  visit(doc, '#');
  return problems;
}

describe('OpenAPI', () => {
  let doc: Json;
  let res: Response;

  beforeAll(async () => {
    res = await fetch(`${inject('stack').apiBaseUrl}/openapi.json`);
    doc = (await res.json()) as Json;
  });

  it('serves /api/v1/openapi.json as JSON without a key', () => {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('is a structurally valid OpenAPI 3 document', () => {
    expect(openApiViolations(doc)).toEqual([]);
  });

  it('catches what it is meant to catch', () => {
    // The checker itself must be able to fail, or the test above proves nothing.
    const broken = structuredClone(doc);
    broken.openapi = '2.0';
    broken.paths['/api/v1/callbacks/{id}'].delete.parameters = [];
    broken.paths['/api/v1/callbacks'].get.responses = {};
    broken.paths['/api/v1/callbacks'].post.requestBody.content['application/json'].schema.$ref =
      '#/components/schemas/Nope';
    broken.paths['/api/v1/callbacks'].post.security = [{ Bearer: [] }];
    expect(openApiViolations(broken)).toEqual([
      'openapi: not 3.x.y',
      'POST /api/v1/callbacks: security names unknown scheme Bearer',
      'GET /api/v1/callbacks: no responses',
      'DELETE /api/v1/callbacks/{id}: no parameter for {id}',
      expect.stringMatching(/unresolved \$ref #\/components\/schemas\/Nope/),
    ]);
  });

  it('declares the X-Api-Key header scheme', () => {
    const schemes = Object.values<Json>(doc.components.securitySchemes);
    expect(schemes).toContainEqual({ type: 'apiKey', in: 'header', name: 'X-Api-Key' });
  });

  it.each([
    ['post', '/api/v1/callbacks'],
    ['get', '/api/v1/callbacks'],
    ['delete', '/api/v1/callbacks/{id}'],
  ])('lists %s %s, secured by the X-Api-Key scheme', (method, p) => {
    const op = doc.paths[p]?.[method];
    expect(op, `${method} ${p}`).toBeDefined();
    const [schemeName] = Object.entries<Json>(doc.components.securitySchemes).find(
      ([, s]) => s.type === 'apiKey' && s.name === 'X-Api-Key',
    )!;
    expect(op.security ?? doc.security).toContainEqual({ [schemeName]: [] });
  });

  it('documents the create body and the webhook record (interface 4.1, 2.1)', () => {
    const post = doc.paths['/api/v1/callbacks'].post;
    const bodyRef = post.requestBody.content['application/json'].schema.$ref.split('/').pop();
    const body = doc.components.schemas[bodyRef];
    expect(Object.keys(body.properties).sort()).toEqual(['event', 'url']);
    expect(body.required.sort()).toEqual(['event', 'url']);
    expect(body.properties.event.enum.sort()).toEqual([
      'batch.completed',
      'video.awaiting_approval',
      'video.completed',
      'video.failed',
      'video.preview_ready',
      'video.stage_changed',
    ]);

    const recordRef = post.responses['201'].content['application/json'].schema.$ref.split('/').pop();
    expect(Object.keys(doc.components.schemas[recordRef].properties).sort()).toEqual([
      'created_at',
      'event',
      'id',
      'is_active',
      'secret',
      'url',
      'user_id',
    ]);
    expect(doc.paths['/api/v1/callbacks'].get.responses['200'].content['application/json'].schema).toEqual({
      type: 'array',
      items: { $ref: `#/components/schemas/${recordRef}` },
    });
    expect(Object.keys(doc.paths['/api/v1/callbacks/{id}'].delete.responses)).toContain('204');
  });

  it('documents GET /videos/{id}/events as the JSON log and as Server-Sent Events, and progress on the record', () => {
    const content = doc.paths['/api/v1/videos/{id}/events'].get.responses['200'].content;
    expect(Object.keys(content).sort()).toEqual(['application/json', 'text/event-stream']);
    expect(content['application/json'].schema.items.$ref).toBe('#/components/schemas/VideoEventDto');
    expect(content['text/event-stream'].schema.type).toBe('string');
    const record = doc.components.schemas.VideoRecordDto;
    expect(record.required).toContain('progress');
    const progress = doc.components.schemas.ProgressDto;
    expect(Object.keys(progress.properties).sort()).toEqual(['eta_seconds', 'percent', 'stage']);
    expect(progress.properties.percent).toMatchObject({ minimum: 0, maximum: 100 });
  });

  it('does not claim the public health endpoints need a key', () => {
    for (const p of ['/api/v1/health/live', '/api/v1/health/ready']) {
      const op = doc.paths[p].get;
      expect(op.security ?? doc.security ?? [], p).toEqual([]);
    }
  });

  it('documents the errors of every operation with their body shapes and headers', () => {
    const missing: string[] = [];
    const ref = (r: Json, type = 'application/json') => r?.content?.[type]?.schema?.$ref ?? '';
    for (const [p, item] of Object.entries<Json>(doc.paths)) {
      for (const [method, op] of Object.entries<Json>(item)) {
        const where = `${method.toUpperCase()} ${p}`;
        const responses = op.responses as Json;
        const success = Object.keys(responses).find((s) => s.startsWith('2'));
        if (!success) missing.push(`${where}: no success response`);
        else if (success !== '204' && !responses[success].content)
          missing.push(`${where}: no success schema`);
        for (const [status, response] of Object.entries<Json>(responses)) {
          if (!response.headers?.['X-Request-Id']) missing.push(`${where} ${status}: no X-Request-Id`);
        }
        if (!ref(responses['500']).endsWith('/ErrorBodyDto')) missing.push(`${where}: no 500`);
        const keyed = (op.security ?? []).length > 0 && op.security.every((s: Json) => 'ApiKey' in s);
        if (keyed) {
          for (const s of ['401', '403']) {
            if (!ref(responses[s]).endsWith('/ErrorBodyDto')) missing.push(`${where}: no ${s}`);
          }
          if (!responses['429']?.headers?.['Retry-After']) missing.push(`${where}: no 429 with Retry-After`);
        }
        if (/\{/.test(p) && !ref(responses['404']).endsWith('/ErrorBodyDto'))
          missing.push(`${where}: no 404`);
        if (
          (op.requestBody ||
            op.parameters?.some((x: Json) => x.in === 'query' && p !== '/api/v1/assets/{id}/content')) &&
          !ref(responses['422']).endsWith('/ValidationErrorBodyDto')
        )
          missing.push(`${where}: no 422`);
      }
    }
    expect(missing).toEqual([]);
    const rateLimit = doc.components.schemas.RateLimitBodyDto;
    expect(rateLimit.properties.error.type).toBe('string');
    const detail = doc.components.schemas.ValidationDetailDto;
    expect(Object.keys(detail.properties).sort()).toEqual(['loc', 'msg']);
  });

  it('states the constraints the server enforces, and fault injection only when it is on', () => {
    const create = doc.components.schemas.CreateVideoDto;
    expect(create.additionalProperties).toBe(false);
    expect(create.properties.prompt).toMatchObject({ minLength: 1, maxLength: 2000 });
    expect(create.properties.scene_count).toMatchObject({ minimum: 1, maximum: 12 });
    // The shared test stack runs with VIDGEN_FAULT_INJECTION=1.
    expect(create.properties.faults?.properties?.visualising).toBeDefined();
    expect(doc.components.schemas.PurchaseDto.properties.payment_token).toMatchObject({ minLength: 1 });
    const cursor = doc.paths['/api/v1/videos'].get.parameters.find((x: Json) => x.name === 'cursor');
    expect(cursor.schema.pattern).toBeDefined();
    expect(doc.info.description).toMatch(/method it does not\s+serve.*404 NOT_FOUND/s);
  });

  it('serves the reference page at /api/v1/docs', async () => {
    const page = await fetch(`${inject('stack').apiBaseUrl}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toMatch(/<html/i);
    expect(html).toContain('<title>vidgen API reference</title>');
    expect(html).toMatch(/swagger-ui/);
  });
});

describe('OpenAPI, as a production api serves it', () => {
  let doc: Json;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    // An api started without VIDGEN_FAULT_INJECTION, as production runs.
    const { app, origin } = await startOfflineApp();
    stop = () => app.close();
    const res = await fetch(`${origin}/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    doc = (await res.json()) as Json;
  });
  afterAll(() => stop?.());

  it('does not mention faults when fault injection is off', () => {
    expect(doc.components.schemas.CreateVideoDto.properties).not.toHaveProperty('faults');
    expect(JSON.stringify(doc)).not.toMatch(/"faults"|FaultsDto|fail_scenes/);
  });

  it('documents the Idempotency-Key header of POST /videos', () => {
    const header = (doc.paths['/api/v1/videos'].post.parameters ?? []).find(
      (x: Json) => x.in === 'header' && x.name.toLowerCase() === 'idempotency-key',
    );
    expect(header).toBeDefined();
    expect(header.required ?? false).toBe(false);
    expect(header.schema.type).toBe('string');
  });

  it('describes POST /assets as a multipart upload with a binary file, beside the JSON import', () => {
    const content = doc.paths['/api/v1/assets'].post.requestBody.content as Json;
    const multipart = content['multipart/form-data']?.schema as Json;
    expect(multipart).toBeDefined();
    const resolve = (schema: Json): Json =>
      schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop()] : schema;
    const form = resolve(multipart);
    expect(form.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(form.required).toContain('file');
    expect(content['application/json']).toBeDefined();
  });
});
