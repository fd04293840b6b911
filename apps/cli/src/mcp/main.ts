/**
 * `npm run mcp` and the `vidgen-mcp` bin: vidgen's MCP server over stdio (stdout carries only the
 * protocol; anything else goes to stderr). VIDGEN_API_URL (default http://localhost:8080/api/v1)
 * and VIDGEN_API_KEY say which API and key it uses.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createVidgenMcpServer } from './vidgen-mcp-server';

const DEFAULT_API_URL = 'http://localhost:8080/api/v1';

async function main(): Promise<void> {
  const apiUrl = process.env.VIDGEN_API_URL || DEFAULT_API_URL;
  const apiKey = process.env.VIDGEN_API_KEY || undefined;
  if (!apiKey) console.error('[vidgen-mcp] VIDGEN_API_KEY is not set: every tool call will be UNAUTHORIZED');
  const server = createVidgenMcpServer({ apiUrl, apiKey });
  const transport = new StdioServerTransport();
  // The host ends the server by closing its stdin.
  process.stdin.on('end', () => void server.close().finally(() => process.exit(0)));
  await server.connect(transport);
  console.error(`[vidgen-mcp] serving ${apiUrl} over stdio`);
}

main().catch((err) => {
  console.error(`[vidgen-mcp] ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
