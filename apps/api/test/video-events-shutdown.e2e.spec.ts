import { type Stack } from '@vidgen/stack-harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/support/api';
import { startOwnStack } from '../../../test/support/own-stack';

describe('event streams when the api shuts down', () => {
  let stack: Stack;
  beforeAll(async () => {
    // No worker: a video stays queued, so its stream stays open until the api ends it.
    stack = await startOwnStack('events-shutdown', { apiOnly: true });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('ends the open streams on SIGTERM, so the api exits by itself instead of being killed', async () => {
    const account = await createAccount({ credits: 10, baseUrl: stack.baseUrl });
    const created = await account.api.post('/videos', { prompt: 'A quiet harbour.', scene_count: 1 });
    expect(created.status, created.text).toBe(201);
    const res = await fetch(`${stack.baseUrl}/videos/${created.body.id}/events`, {
      headers: { 'X-Api-Key': account.key, Accept: 'text/event-stream' },
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    // The log's first event and a progress report of the queued video arrive, and the stream stays open.
    while (!/event: progress\n/.test(text)) text += decoder.decode((await reader.read()).value);
    expect(text).toMatch(/^id: 10000\nevent: created\n/m);
    expect(text).toMatch(/"stage":"scripting","percent":0/);

    await stack.api.stop();
    expect(stack.api.child.exitCode).toBe(0);
    // The stream was ended by the server, not cut: what was sent is whole, then the body ends.
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    expect(text.endsWith('\n\n')).toBe(true);
  });
});
