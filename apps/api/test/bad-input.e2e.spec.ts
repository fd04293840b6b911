import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/support/api';

const ID = 'e95bced8-87a3-47b0-8124-627ce40d01c2';
const cursor = (text: string) => Buffer.from(text).toString('base64url');

/**
 * Input that passes the first look but used to reach the database or a recursive function and
 * come back as a 500: each is a 422 naming the field, and nothing is created.
 */
describe('bad input that looks almost right', () => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await createAccount({ credits: 10 });
  });

  it('a tampered cursor in the right format is a 422 at query.cursor on every list', async () => {
    const hook = await account.api.post('/callbacks', {
      url: 'https://93.184.216.34/hooks/cursor',
      event: 'video.completed',
    });
    expect(hook.status, hook.text).toBe(201);
    const lists = ['/videos', '/assets', '/credits/ledger', `/callbacks/${hook.body.id}/deliveries`];
    const tampered = [
      cursor(`2026-13-45 99:00:00+00|${ID}`),
      cursor(`2026-02-30 10:00:00+00|${ID}`),
      cursor('2026-11-21 20:30:58+00|------------------------------------'),
      cursor(`2026-11-21 20:30:58+00|${ID}|more`),
    ];
    for (const list of lists) {
      for (const c of tampered) {
        const res = await account.api.get(`${list}?cursor=${c}`);
        expect(res.status, `${list} ${res.text}`).toBe(422);
        expect(res.body.error.code).toBe('VALIDATION_ERROR');
        expect(res.body.error.details.map((d: any) => d.loc)).toContainEqual(['query', 'cursor']);
      }
    }
  });
});
