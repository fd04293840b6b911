/**
 * `npm run client:generate`: writes libs/client/src/generated/api.d.ts from the API document as
 * the code builds it (no database, Temporal or server needed). Commit the result: the
 * client-types spec fails while the committed types differ from the served document.
 */
import { writeFileSync } from 'node:fs';
import { loadConfig } from '@vidgen/config';
import { openApiDocumentFromCode } from '../apps/api/src/openapi-document';
import { CLIENT_TYPES_FILE, clientTypesFrom } from './client-types';

async function main(): Promise<void> {
  const doc = await openApiDocumentFromCode(
    loadConfig({ ...process.env, VIDGEN_FAULT_INJECTION: undefined }),
  );
  writeFileSync(CLIENT_TYPES_FILE, await clientTypesFrom(doc));
  console.log(`[client:generate] ${CLIENT_TYPES_FILE}: ${Object.keys(doc.paths).length} paths`);
}

main().catch((err) => {
  console.error(`[client:generate] ${err instanceof Error ? err.stack : err}`);
  process.exit(1);
});
