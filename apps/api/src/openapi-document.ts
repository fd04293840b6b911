import type { INestApplication } from '@nestjs/common';
import * as swagger from '@nestjs/swagger';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { AppConfig } from '@vidgen/config';
import { REQUEST_ID_HEADER, RETRY_AFTER_HEADER } from './common/api-errors';
import { applyRecordedDecorators } from './common/openapi-decorators';
import { addTemplateSchemas } from './templates/templates.dto';
import { faultsSchema } from './videos/video-responses.dto';
import { SCHEMA_RULES } from './videos/videos.dto';

const DESCRIPTION = `Video generation: scripts, scenes, rendering, assets, credits and webhooks.

**Authentication.** Every operation marked with the ApiKey scheme takes the \`X-Api-Key\` header;
the scope it needs is named in its 403 response. The health probes and signed asset URLs need no key.

**Errors.** Three body shapes (docs/api.md#errors): the standard \`{"error": {"code", "message",
"request_id"}}\`; the same with \`details: [{loc, msg}]\` for 422 VALIDATION_ERROR; and the rate
limiter's \`{"error": "Rate limit exceeded: …"}\` with \`Retry-After\`. Every response carries
\`X-Request-Id\`. A path the API does not serve, **also a known path with a method it does not
serve** (TRACE, PUT, …), answers 404 NOT_FOUND in the standard body: the interface has no 405.

**Text fields** refuse the NUL character (\\u0000), which PostgreSQL text cannot hold.

**Pagination.** Lists return \`{"data": [...], "next_cursor"}\`, newest first; pass \`next_cursor\`
back as \`cursor\` until it is null.`;

/**
 * The OpenAPI document of this server, built from the controllers and DTOs (their OpenAPI
 * decorators replayed first: common/openapi-decorators.ts), then completed
 * with what holds for every operation (the 500 response, the X-Request-Id header) and with
 * what depends on configuration (the `faults` field exists only with fault injection on).
 */
export function buildOpenApiDocument(app: INestApplication, config: AppConfig): OpenAPIObject {
  applyRecordedDecorators(swagger);
  const doc = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('vidgen API')
      .setDescription(DESCRIPTION)
      .setVersion('1')
      .addServer(config.publicBaseUrl)
      // No document-wide requirement: RequireScope marks each protected operation, so public ones
      // (health) are not documented as needing a key.
      .addApiKey({ type: 'apiKey', in: 'header', name: 'X-Api-Key' }, 'ApiKey')
      .build(),
    { operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}` },
  );
  return completeDocument(doc, config);
}

// biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON, walked and completed generically
type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

/** Refuses NUL in every free-text string a client sends (see checkJsonBody). */
const NO_NUL = '^[^\\u0000]*$';

const RATE_LIMITED = {
  description: 'The per-key rate limit per minute: the simple body `{"error": "Rate limit exceeded: …"}`',
  headers: { 'Retry-After': { $ref: '#/components/headers/Retry-After' } },
  content: { 'application/json': { schema: { $ref: '#/components/schemas/RateLimitBodyDto' } } },
};

export function completeDocument(doc: OpenAPIObject, config: AppConfig): OpenAPIObject {
  doc.components ??= {};
  doc.components.headers = { 'X-Request-Id': REQUEST_ID_HEADER, 'Retry-After': RETRY_AFTER_HEADER };
  const schemas = (doc.components.schemas ?? {}) as Json;
  const requestSchemas = new Set<string>();
  for (const item of Object.values<Json>(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      op.responses['500'] ??= {
        description: 'INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBodyDto' } } },
      };
      // Every request that needs a key counts against the key's per-minute limit (RateLimitGuard).
      const keyed = op.security?.length > 0 && op.security.every((s: Json) => 'ApiKey' in s);
      if (keyed) op.responses['429'] ??= structuredClone(RATE_LIMITED);
      for (const response of Object.values<Json>(op.responses)) {
        const { 'Retry-After': retryAfter, ...others } = response.headers ?? {};
        response.headers = {
          'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
          ...(retryAfter && { 'Retry-After': { $ref: '#/components/headers/Retry-After' } }),
          ...others,
        };
      }
      const content = op['x-request-content'];
      if (content) {
        op.requestBody = {
          required: true,
          content: Object.fromEntries(
            Object.entries<Json>(content).map(([type, schema]) => [type, { schema }]),
          ),
        };
        delete op['x-request-content'];
      }
      for (const media of Object.values<Json>(op.requestBody?.content ?? {})) {
        collectRefs(media.schema, schemas, requestSchemas);
      }
      // Every path parameter of this API is an id, checked by UuidPipe (a malformed one is a 404).
      for (const param of op.parameters ?? []) {
        if (param.in === 'path') param.schema = { type: 'string', format: 'uuid' };
      }
    }
  }
  // Request bodies: unknown fields are a 422 (the validation pipe whitelists), and no string holds NUL.
  for (const name of requestSchemas) {
    const schema = schemas[name] as Json;
    schema.additionalProperties = false;
    for (const prop of Object.values<Json>(schema.properties ?? {})) noNul(prop);
  }
  for (const [name, refine] of Object.entries(SCHEMA_RULES)) if (schemas[name]) refine(schemas[name]);
  const createVideo = schemas.CreateVideoDto as Json | undefined;
  if (createVideo && config.faultInjection) createVideo.properties.faults = faultsSchema();
  addTemplateSchemas(schemas);
  doc.openapi = '3.1.0';
  nullableAsJsonSchema(doc);
  return doc;
}

/**
 * The document is OpenAPI 3.1, whose schemas are JSON Schema: a nullable scalar is `type: [T,
 * "null"]`, a nullable reference or enum is `anyOf: [X, {type: "null"}]`, and no enum lists null.
 * The 3.0 form Nest writes (`nullable: true` beside `allOf: [{$ref}]`, null inside `enum`) is read
 * as "not nullable" by several client generators
 * (docs/decisions/0033-an-api-document-every-generator-reads.md).
 */
function nullableAsJsonSchema(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(nullableAsJsonSchema);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const schema = node as Json;
  for (const v of Object.values(schema)) nullableAsJsonSchema(v);
  if (typeof schema.nullable !== 'boolean') return;
  const nullable = schema.nullable === true;
  delete schema.nullable;
  if (!nullable) return;
  const NULL = { type: 'null' };
  if (Array.isArray(schema.allOf) && schema.allOf.length === 1) {
    schema.anyOf = [schema.allOf[0], NULL];
    delete schema.allOf;
    delete schema.type;
  } else if (schema.$ref) {
    schema.anyOf = [{ $ref: schema.$ref }, NULL];
    delete schema.$ref;
  } else if (Array.isArray(schema.enum)) {
    schema.anyOf = [{ type: schema.type, enum: schema.enum.filter((v: unknown) => v !== null) }, NULL];
    delete schema.enum;
    delete schema.type;
  } else if (typeof schema.type === 'string') {
    schema.type = [schema.type, 'null'];
  }
}

function collectRefs(node: unknown, schemas: Json, into: Set<string>): void {
  if (Array.isArray(node)) {
    for (const n of node) collectRefs(n, schemas, into);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  for (const [k, v] of Object.entries(node)) {
    if (k === '$ref' && typeof v === 'string') {
      const name = v.split('/').pop()!;
      if (!into.has(name) && schemas[name]) {
        into.add(name);
        collectRefs(schemas[name], schemas, into);
      }
    } else collectRefs(v, schemas, into);
  }
}

function noNul(schema: Json | undefined): void {
  if (!schema) return;
  if (schema.type === 'array') {
    noNul(schema.items);
    return;
  }
  if (schema.type === 'string' && !schema.pattern && !schema.enum && !schema.format) schema.pattern = NO_NUL;
}

/**
 * The document as this code and configuration would serve it, built without a database, Temporal
 * or a listening server: Nest's preview mode wires the modules without running their factories.
 */
export async function openApiDocumentFromCode(config: AppConfig): Promise<OpenAPIObject> {
  const { NestFactory } = await import('@nestjs/core');
  const { AppModule } = await import('./app.module');
  const app = await NestFactory.create(AppModule.forRoot(config), { preview: true, logger: false });
  app.setGlobalPrefix('api/v1');
  try {
    return buildOpenApiDocument(app, config);
  } finally {
    await app.close();
  }
}
