import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { createAccount } from '../../../test/support/api';
import { cliWithEnv, singleJsonObject } from './support/cli';

describe('vidgen batches', () => {
  it('create --template --csv makes a batch over the API, get reads it, and a bad CSV is an error naming its rows', async () => {
    const account = await createAccount({ credits: 100 });
    const template = await account.api.post('/templates', {
      name: 'Greeting',
      request: { prompt: 'A greeting for {{name}}', scenes: [{ narration: 'Hello {{name}}.' }] },
    });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-cli-batch-'));
    const good = path.join(dir, 'rows.csv');
    writeFileSync(good, 'name\nAda\nBen\n');
    const env = { ...process.env, VIDGEN_API_URL: inject('stack').apiBaseUrl, VIDGEN_API_KEY: account.key };
    const run = (...args: string[]) => cliWithEnv(env, 'batches', ...args);

    const created = await run('create', '--template', template.body.id, '--csv', good, '--review', '--json');
    expect(created.code, created.stdout + created.stderr).toBe(0);
    const batch = singleJsonObject(created);
    expect(batch).toMatchObject({ template_id: template.body.id, status: 'running', total: 2 });
    const human = await run('get', String(batch.id));
    expect(human.stdout).toMatch(new RegExp(`^batch ${batch.id}: running, 2 rows`));

    const bad = path.join(dir, 'bad.csv');
    writeFileSync(bad, 'name,age\nCleo,3\n,4\n');
    const refused = await run('create', '--template', template.body.id, '--csv', bad, '--json');
    expect(refused.code).toBe(1);
    const error = singleJsonObject(refused).error as { code: string; details: { loc: unknown[] }[] };
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details.map((d) => d.loc)).toEqual([
      ['body', 'file', 'columns', 'age'],
      ['body', 'rows', 1, 'variables', 'name'],
    ]);
    await account.api.post(`/batches/${batch.id}/cancel`);
  });
});
