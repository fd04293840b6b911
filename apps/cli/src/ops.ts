import { readFile, writeFile } from 'node:fs/promises';
import { Client, Connection } from '@temporalio/client';
import { historyFromJSON, historyToJSON } from '@temporalio/common/lib/proto-utils';
import { Worker } from '@temporalio/worker';
import { type AppConfig, loadConfig } from '@vidgen/config';
import { isUuid, NotFoundError } from '@vidgen/core';
import { createDb, sql } from '@vidgen/db';
import { locateDatabaseUrl, locateTemporalAddress } from '@vidgen/devstack';
import { VideoWorkflowClient } from '@vidgen/temporal';
import { IN_PROGRESS_STATUSES, workflowIds, workflowsPath } from '@vidgen/workflows';
import type { Command } from 'commander';

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
      'videos in progress whose last change is older than the threshold, with their workflow state',
    )
    .option('--older-than-minutes <n>', 'threshold', '15')
    .option('--json', 'print one JSON object', false)
    .action(async (o: { olderThanMinutes: string; json: boolean }) => {
      const config = loadConfig();
      const db = createDb(locateDatabaseUrl(config), { max: 1, timeoutMs: config.databaseTimeoutMs });
      try {
        const { rows } = await sql<{
          id: string;
          account_id: string;
          status: string;
          stage: string | null;
          updated_at: string;
        }>`
          select id, account_id, status, stage, updated_at from videos
           where deleted_at is null and awaiting_approval = false
             and status in (${sql.join(IN_PROGRESS_STATUSES as string[])})
             and updated_at < now() - make_interval(mins => ${Number(o.olderThanMinutes)})
           order by updated_at`.execute(db);
        const videos = await withTemporal(config, (client) =>
          Promise.all(
            rows.map(async (v) => {
              const workflow = await client.workflow
                .getHandle(workflowIds.video(v.id))
                .describe()
                .then((d) => d.status.name)
                .catch(() => 'NOT_FOUND');
              return { ...v, workflow_id: workflowIds.video(v.id), workflow_status: workflow };
            }),
          ),
        );
        emit(o.json, { videos }, (r) =>
          r.videos.length
            ? r.videos
                .map((v) => `${v.id}  ${v.status}  since ${v.updated_at}  workflow ${v.workflow_status}`)
                .join('\n')
            : 'no stuck videos',
        );
      } finally {
        await db.destroy();
      }
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
