import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, formatPretty, logDestination, prettyDestination, prettyLogs } from './logger';

function sink() {
  let text = '';
  const out = new Writable({
    write(chunk, _enc, done) {
      text += String(chunk);
      done();
    },
  });
  return { out, text: () => text };
}

describe('log format', () => {
  it('is pretty only when stdout is a terminal', () => {
    expect(prettyLogs({ isTTY: true })).toBe(true);
    expect(prettyLogs({ isTTY: false })).toBe(false);
    expect(prettyLogs({})).toBe(false);
    expect(logDestination({ isTTY: false } as NodeJS.WriteStream)).toBeUndefined();
    expect(logDestination({ isTTY: true } as NodeJS.WriteStream)).toBeDefined();
  });

  it('writes one JSON object per line when not on a terminal', () => {
    const { out, text } = sink();
    createLogger({ level: 'info', process: 'api' }, out as never).info({ videoId: 'v1' }, 'hello');
    expect(JSON.parse(text())).toMatchObject({ level: 30, process: 'api', videoId: 'v1', msg: 'hello' });
  });

  it('a pretty line shows time, level, process, message and the fields a person needs', () => {
    const line = JSON.stringify({
      level: 40,
      time: Date.UTC(2026, 0, 1, 12, 0, 1, 5),
      pid: 1,
      hostname: 'h',
      process: 'worker',
      msg: 'Activity failed',
      videoId: 'v1',
      workflowId: 'video-v1',
      taskToken: 'secret-ish noise',
      req: { id: 'r-1', method: 'GET', url: '/api/v1/videos' },
    });
    expect(formatPretty(line, false)).toBe(
      '12:00:01.005 WARN  worker Activity failed videoId=v1 workflowId=video-v1 req=r-1 GET /api/v1/videos\n',
    );
    expect(formatPretty('not json', false)).toBe('not json');
  });

  it('createLogger writes pretty lines, the level in colour, to a pretty destination', () => {
    const { out, text } = sink();
    createLogger({ level: 'info', process: 'api' }, prettyDestination(out)).info({ n: 1 }, 'ready');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the colour codes are what is checked
    expect(text()).toMatch(/^\d\d:\d\d:\d\d\.\d{3} \u001b\[32mINFO \u001b\[0m api {4}ready n=1\n$/);
  });
});
