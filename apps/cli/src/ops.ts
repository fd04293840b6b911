import { readFile, writeFile } from 'node:fs/promises';
import { Client, Connection } from '@temporalio/client';
import { historyFromJSON, historyToJSON } from '@temporalio/common/lib/proto-utils';
import { Worker } from '@temporalio/worker';
import { type AppConfig, loadConfig } from '@vidgen/config';
import { isUuid, NotFoundError } from '@vidgen/core';
import { createDb } from '@vidgen/db';
import { locateDatabaseUrl, locateTemporalAddress } from '@vidgen/devstack';
import { VideoWorkflowClient } from '@vidgen/temporal';
import { VideoOpsRepository } from '@vidgen/videos';
import { workflowsPath } from '@vidgen/workflows';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { OPS_PAGE_SIZE, parseDuration, readAll, table, withWorkflowStatus } from './ops-lists';

/** One JSON object on stdout with --json (scripts parse it), a short human line otherwise. */
function emit<T extends object>(json: boolean, result: T, human: (r: T) => string): void {
  process.stdout.write(json ? `${JSON.stringify(result)}\n` : `${human(result)}\n`);
}

async function withTemporal<T>(config: AppConfig, fn: (client: Client) => Promise<T>): Promise<T> {
  const connection = await Connection.connect({ address: locateTemporalAddress(config) });
  try {
    return await fn(new Client({ connection, namespace: config.temporal.namespace }));
  } finally {
    await connection.close();
  }
}

async function withOpsDb<T>(config: AppConfig, fn: (videos: VideoOpsRepository) => Promise<T>): Promise<T> {
  const db = createDb(locateDatabaseUrl(config), { max: 1, timeoutMs: config.databaseTimeoutMs });
  try {
    return await fn(new VideoOpsRepository(db));
  } finally {
    await db.destroy();
  }
}

/** Progress of a long list goes to stderr, so stdout stays exactly one JSON object. */
const progress = (line: string) => process.stderr.write(`${line}\n`);

/** A duration option in seconds whose help shows the default as written (`30m`), not in seconds. */
function duration(flags: string, description: string, fallback: string): Option {
  return new Option(flags, description).argParser(parseDuration).default(parseDuration(fallback), fallback);
}

function failureCode(value: string): string {
  const code = value.trim().toUpperCase();
  if (!/^[A-Z][A-Z0-9_]*$/.test(code)) throw new InvalidArgumentError(`"${value}" is not a failure code`);
  return code;
}

/** Replays one history against the workflow code in this checkout; throws on non-determinism. */
export async function replayHistory(history: unknown, workflowId: string): Promise<void> {
  await Worker.runReplayHistory({ workflowsPath: workflowsPath() }, history, workflowId);
}

/**
 * Operator commands (README.md#operators, apps/cli/README.md): find stuck videos, retry failed
 * ones, and replay a workflow's history against the current code to prove a change is
 * deterministic.
 */
export function addOpsCommands(program: Command): void {
  const ops = program.command('ops').description('operate running videos and workflows');

  ops
    .command('stuck')
    .description(
      'videos queued or in a stage whose last change is older than the threshold, with their workflow state',
    )
    .addOption(duration('--older-than <duration>', 'threshold, e.g. 30m, 2h, 1h30m', '30m'))
    .addOption(new Option('--older-than-minutes <n>', 'the same in minutes (older spelling)').hideHelp())
    .option('--json', 'print one JSON object', false)
    .action(async (o: { olderThan: number; olderThanMinutes?: string; json: boolean }) => {
      const olderThanSeconds = o.olderThanMinutes ? Number(o.olderThanMinutes) * 60 : o.olderThan;
      const config = loadConfig();
      const rows = await withOpsDb(config, (videos) =>
        readAll((after) => videos.stuck({ olderThanSeconds }, { after, limit: OPS_PAGE_SIZE }), progress),
      );
      const listed = rows.length
        ? await withTemporal(config, (client) => withWorkflowStatus(client, rows, progress))
        : rows;
      emit(o.json, { videos: listed }, (r) => table(r.videos, 'no stuck videos'));
    });

  ops
    .command('failed')
    .description('videos that failed within the window, optionally with one failure code')
    .addOption(duration('--since <duration>', 'window, e.g. 24h, 7d, 90m', '24h'))
    .option(
      '--code <code>',
      'failure_reason.code, e.g. RENDER_TIMEOUT (docs/runbook.md#failure-codes)',
      failureCode,
    )
    .option('--json', 'print one JSON object', false)
    .action(async (o: { since: number; code?: string; json: boolean }) => {
      const rows = await withOpsDb(loadConfig(), (videos) =>
        readAll(
          (after) => videos.failed({ sinceSeconds: o.since, code: o.code }, { after, limit: OPS_PAGE_SIZE }),
          progress,
        ),
      );
      emit(o.json, { videos: rows }, (r) => table(r.videos, 'no failed videos'));
    });

  ops
    .command('retry')
    .description('retry a failed video (the same as approve on a failed video: resumes at the failed stage)')
    .requiredOption('--video <id>', 'video id')
    .option('--json', 'print one JSON object', false)
    .action(async (o: { video: string; json: boolean }) => {
      if (!isUuid(o.video)) throw new NotFoundError('Video');
      const config = loadConfig();
      await withTemporal(config, (client) =>
        new VideoWorkflowClient(client, config.temporal.taskQueue).approve(o.video),
      );
      emit(o.json, { id: o.video, retried: true }, (r) => `video ${r.id}: retry started`);
    });

  ops
    .command('export-history')
    .description("save a workflow's event history as JSON (e.g. into temporal/histories/ for CI replay)")
    .requiredOption('--workflow-id <id>', 'workflow id, e.g. video-<id>')
    .requiredOption('--out <file>', 'output file')
    .option('--json', 'print one JSON object', false)
    .action(async (o: { workflowId: string; out: string; json: boolean }) => {
      const history = await withTemporal(loadConfig(), (client) =>
        client.workflow.getHandle(o.workflowId).fetchHistory(),
      );
      await writeFile(o.out, historyToJSON(history));
      emit(
        o.json,
        { workflow_id: o.workflowId, file: o.out, events: history.events?.length ?? 0 },
        (r) => `${r.events} events → ${r.file}`,
      );
    });

  ops
    .command('replay')
    .description("replay a workflow's history (from Temporal or a file) against the current workflow code")
    .option('--workflow-id <id>', 'fetch this workflow’s history from Temporal')
    .option('--history <file>', 'a history JSON file (from export-history or the Web UI)')
    .option('--json', 'print one JSON object', false)
    .action(async (o: { workflowId?: string; history?: string; json: boolean }) => {
      if (!o.workflowId && !o.history) throw new Error('give --workflow-id or --history');
      const history = o.history
        ? historyFromJSON(JSON.parse(await readFile(o.history, 'utf8')))
        : await withTemporal(loadConfig(), (client) =>
            client.workflow.getHandle(o.workflowId!).fetchHistory(),
          );
      await replayHistory(history, o.workflowId ?? 'replay');
      emit(
        o.json,
        { workflow_id: o.workflowId ?? null, history: o.history ?? null, deterministic: true },
        () => 'replayed: deterministic',
      );
    });
}
