import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils';
import { Worker } from '@temporalio/worker';
import { REPO_ROOT } from '@vidgen/devstack';
import { describe, expect, it } from 'vitest';
import { workflowsPath } from '../src';

const DIR = path.join(REPO_ROOT, 'temporal', 'histories');
const files = readdirSync(DIR).filter((f) => f.endsWith('.json'));
const SRC = path.join(REPO_ROOT, 'libs', 'workflows', 'src');
const VERSIONS = path.join(REPO_ROOT, 'docs', 'workflow-versions.md');

type MarkerState = 'patched' | 'deprecated';

/** The patch markers the workflow code records: `patched(id)` or `deprecatePatch(id)`, id written out or a constant of its file. */
function markersInCode(): Map<string, MarkerState> {
  const found = new Map<string, MarkerState>();
  for (const f of readdirSync(SRC).filter((n) => n.endsWith('.ts') && !n.endsWith('.spec.ts'))) {
    const text = readFileSync(path.join(SRC, f), 'utf8');
    const constants = new Map(
      [...text.matchAll(/const ([A-Z][A-Z0-9_]*) = '([^']+)'/g)].map((m) => [m[1]!, m[2]!] as const),
    );
    for (const m of text.matchAll(/\b(patched|deprecatePatch)\(\s*(?:'([^']+)'|([A-Z][A-Z0-9_]*))\s*\)/g)) {
      const id = m[2] ?? constants.get(m[3]!);
      if (!id) throw new Error(`${f}: ${m[0]} names no marker this check can read`);
      const state = m[1] === 'patched' ? 'patched' : 'deprecated';
      if (found.has(id) && found.get(id) !== state) throw new Error(`${id} is both patched and deprecated`);
      found.set(id, state);
    }
  }
  return found;
}

/** The rows of docs/workflow-versions.md's table of markers: id → state (patched, deprecated or removed). */
function markersInDocs(): Map<string, string> {
  const rows = readFileSync(VERSIONS, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('|'))
    .map((l) =>
      l
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
  const header = rows.find((r) => r[0] === 'marker');
  if (!header) throw new Error('docs/workflow-versions.md has no table headed "marker"');
  const state = header.indexOf('state');
  return new Map(
    rows
      .filter((r) => /^`[^`]+`$/.test(r[0]!))
      .map((r) => [r[0]!.slice(1, -1), /^\*{0,2}(\w+)/.exec(r[state]!)?.[1] ?? ''] as const),
  );
}

/** Each recorded history's patch markers, as `id` (recorded by patched()) or `id (deprecated)`. */
function markersInHistories(): Map<string, Set<string>> {
  const held = new Map<string, Set<string>>();
  for (const f of files) {
    const history = JSON.parse(readFileSync(path.join(DIR, f), 'utf8'));
    for (const e of history.events) {
      const marker = e.markerRecordedEventAttributes;
      if (marker?.markerName !== 'core_patch') continue;
      const payload = marker.details['patch-data'].payloads[0].data;
      const { id, deprecated } = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
      const key = deprecated ? `${id} (deprecated)` : id;
      held.set(key, (held.get(key) ?? new Set()).add(f));
    }
  }
  return held;
}

/**
 * Determinism check: every recorded history (scripts/record-histories.ts) must replay against
 * the workflow code as it is now. A change that would break running workflows fails here,
 * before it ships; such a change belongs behind `patched()`, and its marker follows the
 * lifecycle of docs/workflow-versions.md (docs/decisions/0057-workflow-versions.md).
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

describe('patch markers follow their lifecycle (docs/workflow-versions.md)', () => {
  const code = markersInCode();

  it('lists every marker of the workflow code in the state the code has it, and no removed one in the code', () => {
    const docs = markersInDocs();
    expect(code.size).toBeGreaterThan(0);
    expect(Object.fromEntries([...docs].filter(([, state]) => state !== 'removed'))).toEqual(
      Object.fromEntries(code),
    );
  });

  it('replays runs that recorded each marker with patched(), and runs of this version for each deprecated one', () => {
    const held = markersInHistories();
    const missing = [...code].flatMap(([id, state]) => [
      ...(held.has(id) ? [] : [`${id}: no history recorded it with patched()`]),
      ...(state === 'deprecated' && !held.has(`${id} (deprecated)`)
        ? [`${id}: no history recorded it with deprecatePatch()`]
        : []),
    ]);
    expect(missing).toEqual([]);
  });
});
