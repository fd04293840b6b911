import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/support/api';
import { expectError } from './support/auth-endpoints';

describe('GET /providers', () => {
  let owner: TestAccount;
  beforeAll(async () => {
    owner = await createAccount({ credits: 0 });
  });

  it('names the provider and model of every stage, with no stock provider configured', async () => {
    const res = await owner.api.get('/providers');
    expect(res.status, res.text).toBe(200);
    // The test stack runs the offline providers.
    expect(res.body).toEqual({
      script: { provider: 'local', model: 'planner' },
      image: { provider: 'local', model: 'canvas' },
      speech: { provider: 'local', model: 'espeak-ng' },
      stock: { provider: 'none', model: null },
    });
  });

  it('needs videos:read', async () => {
    expectError(await (await owner.keyWith(['assets:read'])).api.get('/providers'), 403, 'FORBIDDEN');
    expect((await (await owner.keyWith(['videos:read'])).api.get('/providers')).status).toBe(200);
  });
});
