import { execFile } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '@vidgen/devstack';
import { describe, expect, inject, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/support/api';
import { atGate, createVideo, waitForVideo } from '../../../test/support/videos';

type WatchRun = { code: number | null; stdout: string };

/**
 * `vidgen videos watch ID` as a user runs it: its exit code and what it printed. `printed` resolves
 * once its output holds the given text, so a test can act on what the watcher has seen.
 */
function startWatch(
  account: TestAccount,
  id: string,
  waitFor?: string,
): { done: Promise<WatchRun>; printed: Promise<void> } {
  const env = { ...process.env, VIDGEN_API_URL: inject('stack').apiBaseUrl, VIDGEN_API_KEY: account.key };
  let seen: () => void = () => {};
  const printed = new Promise<void>((r) => {
    seen = r;
  });
  const done = new Promise<WatchRun>((resolve) => {
    const child = execFile(
      process.execPath,
      ['-r', '@swc-node/register', path.join(REPO_ROOT, 'apps/cli/src/main.ts'), 'videos', 'watch', id],
      { cwd: REPO_ROOT, env, timeout: 240_000 },
      (err, stdout) => resolve({ code: err ? ((err as { code?: number }).code ?? -1) : 0, stdout }),
    );
    let out = '';
    child.stdout?.on('data', (chunk: Buffer | string) => {
      out += chunk.toString();
      if (waitFor && out.includes(waitFor)) seen();
    });
  });
  return { done, printed };
}

const watch = (account: TestAccount, id: string) => startWatch(account, id).done;

const bars = (stdout: string) =>
  [...stdout.matchAll(/^\[[#-]{30}\]\s+([\d.]+)% (\w+)/gm)].map((m) => ({
    percent: Number(m[1]),
    stage: m[2],
  }));

describe('vidgen videos watch', () => {
  it('draws a progress bar from the event stream and exits 0 when the video completes', async () => {
    const account = await createAccount({ credits: 100 });
    // Watched from the review gate on: a video approved at once may finish before the watcher
    // has connected, and then only its last bar is drawn.
    const video = await createVideo(account.api, {
      prompt: 'A lighthouse at night. Its beam sweeps the sea.',
    });
    await waitForVideo(account.api, video.id, atGate);
    const watching = startWatch(account, video.id, `video ${video.id} awaits approval at the review gate`);
    await Promise.race([watching.printed, watching.done]);
    const approved = await account.api.post(`/videos/${video.id}/approve`);
    expect(approved.status, approved.text).toBe(200);
    const run = await watching.done;
    expect(run.code, run.stdout).toBe(0);
    const seen = bars(run.stdout);
    expect(seen.length).toBeGreaterThan(1);
    for (let i = 1; i < seen.length; i++)
      expect(seen[i]!.percent).toBeGreaterThanOrEqual(seen[i - 1]!.percent);
    expect(seen.at(-1)!.percent).toBe(100);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe(`video ${video.id} completed`);
  });

  it('exits 1 when the video fails, 2 when it is deleted, 3 when there is no such video', async () => {
    const account = await createAccount({ credits: 100 });
    const failing = await createVideo(account.api, {
      prompt: 'A storm over the sea.',
      auto_approve: true,
      faults: { rendering: { fail: true } },
    });
    const failed = await watch(account, failing.id);
    expect(failed.code, failed.stdout).toBe(1);
    expect(failed.stdout).toMatch(new RegExp(`^video ${failing.id} failed: `, 'm'));

    const gated = await createVideo(account.api, { prompt: 'A quiet harbour.' });
    await waitForVideo(account.api, gated.id, atGate);
    const gateLine = `video ${gated.id} awaits approval at the review gate`;
    const watching = startWatch(account, gated.id, gateLine);
    // The watcher waits at the gate until the video is deleted under it; the delete goes once it
    // has said so (before that, the video would simply not be there to watch).
    await Promise.race([watching.printed, watching.done]);
    expect((await account.api.delete(`/videos/${gated.id}`)).status).toBe(204);
    const deleted = await watching.done;
    expect(deleted.code, deleted.stdout).toBe(2);
    expect(deleted.stdout).toContain(gateLine);
    expect(deleted.stdout).toMatch(new RegExp(`video ${gated.id} deleted\\n$`));

    const missing = await watch(account, '00000000-0000-4000-8000-000000000000');
    expect(missing.code).toBe(3);
    expect(missing.stdout).toMatch(/^error: .*NOT_FOUND/m);
  });
});
