import type { Stack } from '@vidgen/stack-harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/support/api';
import { startOwnStack } from '../../../test/support/own-stack';
import { expectError } from './support/auth-endpoints';

describe('GET /providers', () => {
  let owner: TestAccount;
  beforeAll(async () => {
    owner = await createAccount({ credits: 0 });
  });

  it('says Piper for English (its voice is installed) and espeak-ng for a language without a Piper voice, and names the illustrator', async () => {
    const res = await owner.api.get('/providers');
    expect(res.status, res.text).toBe(200);
    // The test stack runs the offline providers, with the default Piper voice installed.
    expect(res.body).toEqual({
      script: { provider: 'local', model: 'planner' },
      image: { provider: 'local', model: 'illustrator' },
      speech: {
        provider: 'local',
        model: 'espeak-ng',
        languages: [{ language: 'en', provider: 'piper', model: 'en_US-joe-medium' }],
      },
      stock: { provider: 'none', model: null },
    });
    // What the api offers a German video is espeak-ng's voice, as the description says.
    const de = await owner.api.get('/voices?language=de');
    expect(de.body.data[0]).toMatchObject({ provider: 'espeak' });
    const en = await owner.api.get('/voices?language=en');
    expect(en.body.data[0]).toMatchObject({ id: 'en_US-joe-medium', provider: 'piper' });
  });

  it('needs videos:read', async () => {
    expectError(await (await owner.keyWith(['assets:read'])).api.get('/providers'), 403, 'FORBIDDEN');
    expect((await (await owner.keyWith(['videos:read'])).api.get('/providers')).status).toBe(200);
  });

  describe('with a stock library configured', () => {
    let stack: Stack;
    beforeAll(async () => {
      stack = await startOwnStack('providers-stock', {
        apiOnly: true,
        env: { STOCK_PROVIDER: 'pexels', PEXELS_API_KEY: 'a-pexels-key-never-shown' },
      });
    }, 180_000);
    afterAll(async () => {
      await stack?.stop();
    });

    it('names it, and never its key', async () => {
      const account = await createAccount({ credits: 0, baseUrl: stack.baseUrl });
      const res = await account.api.get('/providers');
      expect(res.status, res.text).toBe(200);
      expect(res.body.stock).toEqual({ provider: 'pexels', model: null });
      expect(res.text).not.toContain('a-pexels-key-never-shown');
    });
  });
});
