import { Writable } from 'node:stream';
import { log } from '@temporalio/activity';
import { MockActivityEnvironment } from '@temporalio/testing';
import { createLogger } from '@vidgen/core';
import { describe, expect, it } from 'vitest';
import { sdkLogger } from '../sdk-logger';
import { logAttributesInterceptor } from './log-attributes.interceptor';

/** The worker's logger chain (pino behind the SDK's logger), writing JSON lines into memory. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const out = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n')) if (l) lines.push(JSON.parse(l));
      done();
    },
  });
  const logger = createLogger({ level: 'debug', process: 'worker' }, out as never);
  return { lines, logger: sdkLogger(logger) };
}

const env = (workflowId: string, logger: ReturnType<typeof capture>['logger']) =>
  new MockActivityEnvironment(
    { workflowExecution: { workflowId, runId: 'run-1' }, activityType: 'renderSegment' },
    { logger, interceptors: [logAttributesInterceptor] },
  );

describe('activity log lines', () => {
  it('a line logged inside an activity carries the video id and the workflow id', async () => {
    const { lines, logger } = capture();
    await env('video-v1', logger).run(
      async (_input: { videoId: string }) => {
        log.info('segment rendered');
      },
      { videoId: 'v1' },
    );
    const line = lines.find((l) => l.msg === 'segment rendered');
    expect(line).toMatchObject({ process: 'worker', videoId: 'v1', workflowId: 'video-v1', level: 30 });
  });

  it("takes the video id from the video workflow's id when the input has none", async () => {
    const { lines, logger } = capture();
    await env('video-v2', logger).run(async () => log.warn('no input'));
    expect(lines.find((l) => l.msg === 'no input')).toMatchObject({ videoId: 'v2', workflowId: 'video-v2' });
  });

  it('a webhook delivery activity carries its workflow id and no invented video id', async () => {
    const { lines, logger } = capture();
    await env('webhook-delivery-d1', logger).run(async () => log.info('delivered'));
    const line = lines.find((l) => l.msg === 'delivered');
    expect(line).toMatchObject({ workflowId: 'webhook-delivery-d1' });
    expect(line).not.toHaveProperty('videoId');
  });
});
