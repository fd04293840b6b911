import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';

const DEFAULT_API_URL = 'http://localhost:8080/api/v1';

interface ApiAnswer {
  status: number;
  body: unknown;
}

/**
 * The batch commands speak to the API as any client does (docs/api.md#templates-and-batches), so a
 * batch made here is checked, charged and run like one made over HTTP. VIDGEN_API_URL (default
 * http://localhost:8080/api/v1) and VIDGEN_API_KEY (a key with videos:write) say where and as whom.
 */
async function request(method: string, route: string, body?: FormData): Promise<ApiAnswer> {
  const base = (process.env.VIDGEN_API_URL || DEFAULT_API_URL).replace(/\/+$/, '');
  const key = process.env.VIDGEN_API_KEY;
  const res = await fetch(`${base}${route}`, { method, headers: key ? { 'X-Api-Key': key } : {}, body });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = { error: { code: 'INTERNAL_ERROR', message: text } };
  }
  return { status: res.status, body: parsed };
}

/** Prints the answer: one JSON object with --json, a short line otherwise; a refusal exits 1. */
function print(opts: { json: boolean }, answer: ApiAnswer): void {
  const body = answer.body as Record<string, unknown> | undefined;
  if (answer.status >= 400) {
    const error = body?.error;
    // The rate limiter's simple body is a string; the others an object with code and message.
    const normal =
      typeof error === 'string'
        ? { code: 'RATE_LIMITED', message: error }
        : (error as Record<string, unknown>);
    process.stdout.write(
      opts.json
        ? `${JSON.stringify({ error: normal })}\n`
        : `error: ${normal?.message ?? `HTTP ${answer.status}`}${detailLines(normal)}\n`,
    );
    process.exitCode = 1;
    return;
  }
  const b = body as {
    id: string;
    status: string;
    total: number;
    waiting: number;
    in_progress: number;
    completed: number;
    failed: number;
  };
  process.stdout.write(
    opts.json
      ? `${JSON.stringify(body)}\n`
      : `batch ${b.id}: ${b.status}, ${b.total} rows (${b.waiting} waiting, ${b.in_progress} in progress, ${b.completed} completed, ${b.failed} failed)\n`,
  );
}

function detailLines(error: Record<string, unknown> | undefined): string {
  const details = (error?.details ?? []) as { loc: unknown[]; msg: string }[];
  return details.map((d) => `\n  ${d.loc.join('.')}: ${d.msg}`).join('');
}

export function addBatchCommands(program: Command): void {
  const batches = program
    .command('batches')
    .description('batches of videos from a template, through the API (VIDGEN_API_URL, VIDGEN_API_KEY)');
  batches
    .command('create')
    .description('one video per CSV row: a header row naming the template variables, at most 500 rows')
    .requiredOption('--template <id>', 'template id')
    .requiredOption('--csv <file>', 'the CSV file')
    .option('--review', 'stop each video at the review gate instead of auto-approving it', false)
    .option('--json', 'print one JSON object', false)
    .action(async (o: { template: string; csv: string; review: boolean; json: boolean }) => {
      const form = new FormData();
      form.set('template_id', o.template);
      form.set('auto_approve', o.review ? 'false' : 'true');
      form.set('file', new Blob([await readFile(o.csv)], { type: 'text/csv' }), path.basename(o.csv));
      print(o, await request('POST', '/batches', form));
    });
  batches
    .command('get')
    .description("a batch's status and counts")
    .argument('<id>', 'batch id')
    .option('--json', 'print one JSON object', false)
    .action(async (id: string, o: { json: boolean }) => {
      print(o, await request('GET', `/batches/${encodeURIComponent(id)}`));
    });
}
