import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { loadConfig } from '@vidgen/config';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/support/api';
import { createApp } from '../src/app';
import {
  dashboardSessions,
  openUnknownLinkFrom,
  type SignInAttempt,
  signIn,
} from './support/dashboard-session';

describe('sign-in limits per address', () => {
  let owner: TestAccount;

  beforeAll(async () => {
    owner = await createAccount({ credits: 20 });
  });

  it('limits sign-in attempts per address, with a page and Retry-After', async () => {
    // From an address of its own (127.0.0.2), so the count does not touch other specs' sign-ins.
    let limited: SignInAttempt | undefined;
    for (let i = 0; i < 40 && !limited; i++) {
      const res = await openUnknownLinkFrom('127.0.0.2');
      if (res.status === 429) limited = res;
      else expect(res.status).toBe(404);
    }
    expect(limited).toBeDefined();
    expect(Number(limited!.retryAfter)).toBeGreaterThan(0);
    expect(limited!.body).toContain('Too many sign-in attempts');
    // Another address is not affected.
    expect((await signIn(owner.accountId)).csrf.length).toBeGreaterThan(20);
  });

  it("ignores X-Forwarded-For without TRUST_PROXY: a client cannot name its way out of its address's count", async () => {
    let limited = false;
    for (let i = 0; i < 40 && !limited; i++) {
      const { status } = await openUnknownLinkFrom('127.0.0.3', { 'X-Forwarded-For': `198.51.100.${i + 1}` });
      if (status === 429) limited = true;
      else expect(status).toBe(404);
    }
    expect(limited).toBe(true);
  });
});

describe('sign-in limits behind a proxy (TRUST_PROXY=loopback)', () => {
  let app: INestApplication;
  let origin: string;
  let owner: TestAccount;

  beforeAll(async () => {
    const stack = inject('stack');
    app = await createApp(
      loadConfig({
        ...process.env,
        DATABASE_URL: stack.databaseUrl,
        TEMPORAL_ADDRESS: stack.temporalAddress,
        TEMPORAL_TASK_QUEUE: stack.taskQueue,
        TRUST_PROXY: 'loopback',
        LOG_LEVEL: 'silent',
      }),
    );
    await app.listen(0, '127.0.0.1');
    origin = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    owner = await createAccount({ credits: 0 });
  });
  afterAll(async () => {
    await app?.close();
  });

  const open = (token: string, client: string) =>
    fetch(`${origin}/dashboard/login?token=${token}`, {
      redirect: 'manual',
      headers: { 'X-Forwarded-For': client },
    });

  it('counts each forwarded client address on its own: one flooding client locks out no one else', async () => {
    let limited = false;
    for (let i = 0; i < 40 && !limited; i++) {
      const res = await open(randomBytes(32).toString('base64url'), '203.0.113.10');
      if (res.status === 429) limited = true;
      else expect(res.status).toBe(404);
    }
    expect(limited).toBe(true);
    // The same proxy forwards another client: its link opens.
    const { token } = await dashboardSessions().createLoginLink(owner.accountId);
    expect((await open(token, '203.0.113.11')).status).toBe(200);
  });

  it('counts attempts per link as well: one link tried from many addresses is stopped', async () => {
    const { token } = await dashboardSessions().createLoginLink(owner.accountId);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await open(token, `198.18.0.${i + 1}`)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Another link from one of those addresses is not affected.
    const other = await dashboardSessions().createLoginLink(owner.accountId);
    expect((await open(other.token, '198.18.0.1')).status).toBe(200);
  });
});
