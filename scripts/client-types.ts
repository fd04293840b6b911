import { readFileSync } from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';

/** The committed types of @vidgen/client, generated from the API document. */
export const CLIENT_TYPES_FILE = path.join(__dirname, '..', 'libs', 'client', 'src', 'generated', 'api.d.ts');

const HEADER = `/**
 * Generated from the vidgen API document by \`npm run client:generate\` (openapi-typescript).
 * Do not edit: change the controllers and DTOs in apps/api, then regenerate.
 */
`;

// biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON
type Json = Record<string, any>;

/**
 * The document clients are built against: what a production server serves. Parts that exist only
 * under a test configuration (the fault injection field) and the server address are left out.
 */
export function publicDocument(doc: Json): Json {
  const copy = structuredClone(doc);
  delete copy.servers;
  delete copy.components?.schemas?.CreateVideoDto?.properties?.faults;
  return copy;
}

export async function clientTypesFrom(doc: Json): Promise<string> {
  const ast = await openapiTS(publicDocument(doc) as never, {
    alphabetize: false,
    exportType: true,
    defaultNonNullable: false,
  });
  return HEADER + astToString(ast);
}

export function committedClientTypes(): string {
  return readFileSync(CLIENT_TYPES_FILE, 'utf8');
}
