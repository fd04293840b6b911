import type { Client } from '@temporalio/client';
import { toNaiveMicros } from '@vidgen/core';
import type { OpsPage, OpsVideo } from '@vidgen/videos';
import { workflowIds } from '@vidgen/workflows';
import { InvalidArgumentError } from 'commander';

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };

/** `30m`, `24h`, `1h30m`, `7d` → seconds; commander option parser. */
export function parseDuration(text: string): number {
  const parts = [...text.trim().matchAll(/(\d+)\s*([smhdw])/g)];
  const joined = parts.map((p) => p[0]).join('');
  if (parts.length === 0 || joined.replace(/\s/g, '') !== text.replace(/\s/g, '')) {
    throw new InvalidArgumentError(`"${text}" is not a duration such as 90s, 30m, 24h, 1h30m or 7d`);
  }
  return parts.reduce((sum, p) => sum + Number(p[1]) * UNIT_SECONDS[p[2]!]!, 0);
}

/** The row every ops list prints, `--json` or not (apps/cli/README.md). */
export interface OpsListRow {
  id: string;
  account_id: string;
  status: string;
  stage: string | null;
  failure_reason: OpsVideo['failureReason'];
  updated_at: string;
  workflow_status?: string;
}

const PAGE = 500;

/** Reads every page, saying on stderr how far it got when a list is long (stdout stays one object). */
export async function readAll(
  fetchPage: (after: OpsPage['next']) => Promise<OpsPage>,
  progress: (line: string) => void,
): Promise<OpsListRow[]> {
  const rows: OpsListRow[] = [];
  let after: OpsPage['next'];
  do {
    const page = await fetchPage(after);
    for (const v of page.videos) {
      rows.push({
        id: v.id,
        account_id: v.accountId,
        status: v.status,
        stage: v.stage,
        failure_reason: v.failureReason,
        updated_at: toNaiveMicros(v.updatedAt),
      });
    }
    after = page.next;
    if (after) progress(`read ${rows.length} videos…`);
  } while (after);
  return rows;
}

export const OPS_PAGE_SIZE = PAGE;

/** Adds each video's workflow state (RUNNING, FAILED, NOT_FOUND, …), a few lookups at a time. */
export async function withWorkflowStatus(
  client: Client,
  rows: OpsListRow[],
  progress: (line: string) => void,
): Promise<OpsListRow[]> {
  let done = 0;
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const row = rows[next++]!;
      row.workflow_status = await client.workflow
        .getHandle(workflowIds.video(row.id))
        .describe()
        .then((d) => d.status.name)
        .catch(() => 'NOT_FOUND');
      if (++done % 50 === 0) progress(`checked ${done}/${rows.length} workflows…`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, rows.length) }, worker));
  return rows;
}

/** A plain-text table for people: one line per video, columns padded to their widest cell. */
export function table(rows: OpsListRow[], empty: string): string {
  if (rows.length === 0) return empty;
  const withWorkflow = rows.some((r) => r.workflow_status !== undefined);
  const header = [
    'ID',
    'ACCOUNT',
    'STATUS',
    'STAGE',
    'CODE',
    'UPDATED (UTC)',
    ...(withWorkflow ? ['WORKFLOW'] : []),
  ];
  const cells = rows.map((r) => [
    r.id,
    r.account_id,
    r.status,
    r.stage ?? '-',
    r.failure_reason?.code ?? '-',
    r.updated_at.slice(0, 19).replace('T', ' '),
    ...(withWorkflow ? [r.workflow_status ?? '-'] : []),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    c
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(header), ...cells.map(line), `${rows.length} video${rows.length === 1 ? '' : 's'}`].join('\n');
}
