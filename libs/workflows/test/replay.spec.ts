import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils';
import { Worker } from '@temporalio/worker';
import { REPO_ROOT } from '@vidgen/devstack';
import { describe, expect, it } from 'vitest';
import { workflowsPath } from '../src';

const DIR = path.join(REPO_ROOT, 'temporal', 'histories');
const files = readdirSync(DIR).filter((f) => f.endsWith('.json'));

/**
 * Determinism check: every recorded history (scripts/record-histories.ts) must replay against
 * the workflow code as it is now. A change that would break running workflows fails here,
 * before it ships; such a change belongs behind `patched()`.
 */
describe('recorded workflow histories replay against the current code', () => {
  it('has histories of the video pipeline and of a webhook delivery to replay', () => {
    expect(files.filter((f) => f.startsWith('video-')).length).toBeGreaterThanOrEqual(4);
    expect(files.some((f) => f.startsWith('webhook-delivery-'))).toBe(true);
  });

  it('replays all of them without a determinism violation', async () => {
    const histories = files.map((f) => ({
      workflowId: f.replace(/\.json$/, ''),
      history: historyFromJSON(JSON.parse(readFileSync(path.join(DIR, f), 'utf8'))),
    }));
    const failures: string[] = [];
    for await (const result of Worker.runReplayHistories({ workflowsPath: workflowsPath() }, histories)) {
      if (result.error) failures.push(`${result.workflowId}: ${result.error.message}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
