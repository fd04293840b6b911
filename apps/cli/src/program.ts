import {
  AccountRepository,
  ApiKeyRepository,
  AuthService,
  DashboardSessionRepository,
  DashboardSessionService,
  LOGIN_LINK_TTL_MINUTES,
  PLANS,
  type Plan,
} from '@vidgen/auth';
import { loadConfig } from '@vidgen/config';
import { DomainError, toIsoZ, ValidationError } from '@vidgen/core';
import { createDb, type Db } from '@vidgen/db';
import { locateDatabaseUrl } from '@vidgen/devstack';
import { LedgerRepository, LedgerService } from '@vidgen/ledger';
import { Command, InvalidArgumentError, Option } from 'commander';
import { addBatchCommands } from './batches';
import { addOpsCommands } from './ops';
import { addVideoCommands } from './videos';

function int(name: string, min: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min)
      throw new InvalidArgumentError(`${name} must be an integer ≥ ${min}`);
    return n;
  };
}

interface Output {
  json: boolean;
}

/**
 * Runs one command against the database and prints its result: exactly one JSON object on
 * stdout with --json (scripts parse it), a short human line otherwise. Domain errors print
 * {"error": {code, message}} and exit 1.
 */
async function withDb<T extends object>(
  opts: Output,
  fn: (db: Db) => Promise<T>,
  human: (r: T) => string,
): Promise<void> {
  const config = loadConfig();
  const db = createDb(locateDatabaseUrl(config), { max: 2, timeoutMs: config.databaseTimeoutMs });
  try {
    const result = await fn(db);
    process.stdout.write(opts.json ? `${JSON.stringify(result)}\n` : `${human(result)}\n`);
  } catch (err) {
    if (err instanceof DomainError) {
      const body: Record<string, unknown> = { code: err.code, message: err.message };
      if (err instanceof ValidationError) body.details = err.details;
      process.stdout.write(opts.json ? `${JSON.stringify({ error: body })}\n` : `error: ${err.message}\n`);
      process.exitCode = 1;
      return;
    }
    throw err;
  } finally {
    await db.destroy();
  }
}

export function buildProgram(): Command {
  const program = new Command('vidgen').description('vidgen admin and operations CLI').showHelpAfterError();

  const accounts = program.command('accounts').description('manage accounts');
  accounts
    .command('create')
    .requiredOption('--name <name>', 'account name')
    .option('--credits <n>', 'initial credits (a ledger grant)', int('credits', 0), 0)
    .addOption(new Option('--plan <plan>', 'plan').choices(PLANS).default('free'))
    .option('--json', 'print one JSON object', false)
    .action((o: { name: string; credits: number; plan: Plan; json: boolean }) =>
      withDb(
        o,
        async (db) => {
          const account = await new AccountRepository(db).create({ name: o.name, plan: o.plan });
          const credits =
            o.credits > 0
              ? (
                  await new LedgerService(new LedgerRepository(db)).grant(
                    account.id,
                    o.credits,
                    'initial credits',
                  )
                ).balance
              : 0;
          return { id: account.id, name: account.name, plan: account.plan, credits };
        },
        (r) => `account ${r.id} (${r.name}, ${r.plan}) with ${r.credits} credits`,
      ),
    );

  accounts
    .command('login-link')
    .description('a one-time link that signs the account in to the web dashboard')
    .requiredOption('--account <id>', 'account id')
    .option('--ttl-minutes <m>', 'minutes the link works', int('ttl-minutes', 1), LOGIN_LINK_TTL_MINUTES)
    .option('--json', 'print one JSON object', false)
    .action((o: { account: string; ttlMinutes: number; json: boolean }) =>
      withDb(
        o,
        async (db) => {
          const link = await new DashboardSessionService(
            new DashboardSessionRepository(db),
            new AccountRepository(db),
          ).createLoginLink(o.account, o.ttlMinutes);
          const url = new URL(`${loadConfig().publicBaseUrl}/dashboard/login`);
          url.searchParams.set('token', link.token);
          return { url: url.toString(), expires_at: toIsoZ(link.expiresAt) };
        },
        (r) => `${r.url}\nOpen it in a browser before ${r.expires_at}; it works once.`,
      ),
    );

  const keys = program.command('keys').description('manage API keys');
  keys
    .command('create')
    .requiredOption('--account <id>', 'account id')
    .requiredOption('--scopes <list>', 'comma-separated scopes, e.g. videos:*,callbacks:read')
    .option('--name <name>', 'a label for the key')
    .option('--expires-in-days <d>', 'expiry in days', int('expires-in-days', 1))
    .option('--json', 'print one JSON object', false)
    .action((o: { account: string; scopes: string; name?: string; expiresInDays?: number; json: boolean }) =>
      withDb(
        o,
        (db) =>
          new AuthService(new ApiKeyRepository(db), new AccountRepository(db)).createKey({
            accountId: o.account,
            scopes: o.scopes
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
            name: o.name,
            expiresInDays: o.expiresInDays,
          }),
        (r) => `key ${r.id} (${r.scopes.join(', ')}): ${r.key}\nStore it now: it is not shown again.`,
      ),
    );
  keys
    .command('revoke')
    .requiredOption('--key-id <id>', 'key id')
    .option('--json', 'print one JSON object', false)
    .action((o: { keyId: string; json: boolean }) =>
      withDb(
        o,
        async (db) => {
          await new AuthService(new ApiKeyRepository(db), new AccountRepository(db)).revokeKey(o.keyId);
          return { id: o.keyId, revoked: true };
        },
        (r) => `key ${r.id} revoked`,
      ),
    );

  const credits = program.command('credits').description('manage credits');
  credits
    .command('grant')
    .requiredOption('--account <id>', 'account id')
    .requiredOption('--amount <n>', 'credits to grant', int('amount', 1))
    .option('--reason <text>', 'why the credits are granted')
    .option('--json', 'print one JSON object', false)
    .action((o: { account: string; amount: number; reason?: string; json: boolean }) =>
      withDb(
        o,
        (db) => new LedgerService(new LedgerRepository(db)).grant(o.account, o.amount, o.reason),
        (r) => `balance: ${r.balance}`,
      ),
    );

  addOpsCommands(program);
  addBatchCommands(program);
  addVideoCommands(program);

  return program;
}
