/**
 * `npm run client:generate`: writes libs/client/src/generated/api.d.ts (openapi-typescript) and
 * the Python SDK's generated package, clients/python/vidgen/generated (openapi-python-client),
 * from the API document as the code builds it (no database, Temporal or server needed). Commit
 * the result: the client-types spec fails while either differs from the served document.
 */
import { writeFileSync } from 'node:fs';
import { loadConfig } from '@vidgen/config';
import { openApiDocumentFromCode } from '../apps/api/src/openapi-document';
import { CLIENT_TYPES_FILE, clientTypesFrom } from './client-types';
import { generatePythonClient, PYTHON_GENERATED_DIR } from './python-client';

async function main(): Promise<void> {
  const doc = await openApiDocumentFromCode(
    loadConfig({ ...process.env, VIDGEN_FAULT_INJECTION: undefined }),
  );
  writeFileSync(CLIENT_TYPES_FILE, await clientTypesFrom(doc));
  console.log(`[client:generate] ${CLIENT_TYPES_FILE}: ${Object.keys(doc.paths).length} paths`);
  await generatePythonClient(doc, PYTHON_GENERATED_DIR);
  console.log(`[client:generate] ${PYTHON_GENERATED_DIR}`);
}

main().catch((err) => {
  console.error(`[client:generate] ${err instanceof Error ? err.stack : err}`);
  process.exit(1);
});
