/**
 * The MCP tools' input schemas, derived from the API document (`GET /openapi.json`, built from the
 * api's DTOs) rather than written again here: each tool names the operation it calls, and its
 * input is that operation's path and query parameters, its `Idempotency-Key` header
 * (`idempotency_key`), and the fields of its JSON body, side by side in one object, with every
 * `$ref` inlined and OpenAPI's `nullable` and `example` turned into their JSON Schema forms.
 */

// biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON, walked generically
type Json = any;

export interface OpenApiDocument {
  paths: Record<string, Record<string, Json>>;
  components?: { schemas?: Record<string, Json> };
}

export type HttpMethod = 'get' | 'post' | 'patch' | 'delete';

export interface ToolInput {
  /** A JSON Schema (draft 2020-12) object schema. */
  schema: {
    type: 'object';
    properties: Record<string, Json>;
    required?: string[];
    additionalProperties: false;
  };
  method: HttpMethod;
  /** The operation's path, e.g. `/api/v1/videos/{id}`. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** Input name → header name. */
  headerParams: Record<string, string>;
  /** The body's field names (none for an operation without a JSON body). */
  bodyFields: string[];
}

/** The operation with this operationId: its method, path and definition. */
export function findOperation(
  doc: OpenApiDocument,
  operationId: string,
): { method: HttpMethod; path: string; op: Json } {
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (op && typeof op === 'object' && op.operationId === operationId) {
        return { method: method as HttpMethod, path, op };
      }
    }
  }
  throw new Error(`the API document has no operation ${operationId}`);
}

/** An OpenAPI 3.0 schema as a self-contained JSON Schema: refs inlined, nullable as a null type. */
export function toJsonSchema(schema: Json, doc: OpenApiDocument, seen: readonly string[] = []): Json {
  if (Array.isArray(schema)) return schema.map((s) => toJsonSchema(s, doc, seen));
  if (!schema || typeof schema !== 'object') return schema;
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/components/schemas/', '');
    if (seen.includes(name)) throw new Error(`the API document's schema ${name} refers to itself`);
    const target = doc.components?.schemas?.[name];
    if (!target) throw new Error(`the API document has no schema ${name}`);
    return toJsonSchema(target, doc, [...seen, name]);
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'nullable' || key === 'example') continue;
    if (key === 'properties') {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, Json>).map(([k, v]) => [k, toJsonSchema(v, doc, seen)]),
      );
    } else {
      out[key] = toJsonSchema(value, doc, seen);
    }
  }
  if (schema.example !== undefined) out.examples = [schema.example];
  if (schema.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else if (!out.type) return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

function inputName(header: string): string {
  return header.toLowerCase().replace(/-/g, '_');
}

/** The input of the tool that calls `operationId`, with `extra` properties of the tool's own. */
export function toolInput(
  doc: OpenApiDocument,
  operationId: string,
  extra: Record<string, Json> = {},
  shape: { required?: string[]; omit?: string[] } = {},
): ToolInput {
  const { method, path, op } = findOperation(doc, operationId);
  const properties: Record<string, Json> = {};
  const required: string[] = [];
  const pathParams: string[] = [];
  const queryParams: string[] = [];
  const headerParams: Record<string, string> = {};
  for (const param of (op.parameters ?? []) as Json[]) {
    let name: string = param.name;
    if (param.in === 'path') pathParams.push(name);
    else if (param.in === 'query') queryParams.push(name);
    else if (param.in === 'header') {
      name = inputName(param.name);
      headerParams[name] = param.name;
    } else continue;
    const schema = toJsonSchema(param.schema ?? {}, doc);
    if (param.description && !schema.description) schema.description = param.description;
    properties[name] = schema;
    if (param.required) required.push(name);
  }
  const bodyFields: string[] = [];
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  if (bodySchema) {
    const body = toJsonSchema(bodySchema, doc);
    for (const [name, schema] of Object.entries((body.properties ?? {}) as Record<string, Json>)) {
      if (shape.omit?.includes(name)) continue;
      if (name in properties) throw new Error(`${operationId}: body field ${name} is also a parameter`);
      properties[name] = schema;
      bodyFields.push(name);
    }
    for (const name of (body.required ?? []) as string[]) required.push(name);
  }
  Object.assign(properties, extra);
  if (shape.required) required.splice(0, required.length, ...shape.required);
  return {
    schema: {
      type: 'object',
      properties,
      ...(required.length > 0 && { required }),
      additionalProperties: false,
    },
    method,
    path,
    pathParams,
    queryParams,
    headerParams,
    bodyFields,
  };
}
