import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { judgeLicence, licenceProblems } from '../scripts/licenses/licence-policy';
import { MODELS_FILE, NOTICES_FILE, runLicences } from '../scripts/licenses/licences';
import { productionLocations } from '../scripts/licenses/npm-packages';

describe('the licences the services may load', () => {
  it('allows permissive licences and MPL-2.0', () => {
    for (const id of [
      'MIT',
      'ISC',
      'BSD-2-Clause',
      'BSD-3-Clause',
      'Apache-2.0',
      '0BSD',
      'BlueOak-1.0.0',
      'MPL-2.0',
    ])
      expect(judgeLicence(id), id).toMatchObject({ ok: true });
  });

  it('fails an unknown licence, a missing one and a non-SPDX text', () => {
    expect(judgeLicence('WTFPL-ish')).toMatchObject({ ok: false, reason: 'unknown' });
    expect(judgeLicence(undefined)).toMatchObject({ ok: false, reason: 'unknown' });
    expect(judgeLicence('SEE LICENSE IN LICENSE.txt')).toMatchObject({ ok: false, reason: 'unknown' });
    expect(judgeLicence('UNLICENSED')).toMatchObject({ ok: false, reason: 'unknown' });
  });

  it('fails GPL, LGPL and AGPL dependencies', () => {
    for (const id of ['GPL-3.0', 'GPL-2.0-or-later', 'LGPL-2.1-only', 'AGPL-3.0-only', 'GPL-3.0+'])
      expect(judgeLicence(id), id).toMatchObject({ ok: false, reason: 'copyleft' });
    expect(
      licenceProblems([{ name: 'some-gpl-lib', version: '1.0.0', licence: 'GPL-3.0-or-later' }]),
    ).toEqual(['some-gpl-lib@1.0.0: GPL-3.0-or-later is copyleft; the services may not load it']);
  });

  it('takes any allowed branch of an OR and needs every branch of an AND', () => {
    expect(judgeLicence('MIT OR GPL-3.0')).toEqual({ ok: true, via: 'MIT' });
    expect(judgeLicence('(GPL-2.0 OR Apache-2.0)')).toEqual({ ok: true, via: 'Apache-2.0' });
    expect(judgeLicence('(BSD-2-Clause OR MIT OR Apache-2.0)')).toMatchObject({ ok: true });
    expect(judgeLicence('Apache-2.0 AND MIT')).toMatchObject({ ok: true });
    expect(judgeLicence('MIT AND GPL-3.0')).toMatchObject({ ok: false, reason: 'copyleft' });
    expect(judgeLicence('Apache-2.0 WITH LLVM-exception')).toMatchObject({ ok: true });
    expect(judgeLicence('GPL-2.0 WITH Classpath-exception-2.0')).toMatchObject({ ok: false });
  });

  it('accepts a GPL program only where it runs as a separate program (espeak-ng)', () => {
    expect(licenceProblems([{ name: 'espeak-ng', version: '1.0.2', licence: 'GPL-3.0-or-later' }])).toEqual(
      [],
    );
    expect(judgeLicence('GPL-3.0-or-later', { separateProgram: true })).toMatchObject({ ok: true });
  });
});

/** A tiny project: a lockfile, its installed packages and nothing else. */
function project(
  root: string,
  packages: Record<string, { version: string; license?: string; text?: string }>,
) {
  const lock = {
    name: 'fixture',
    lockfileVersion: 3,
    packages: {
      '': { name: 'fixture', dependencies: Object.fromEntries(Object.keys(packages).map((n) => [n, '*'])) },
      ...Object.fromEntries(
        Object.entries(packages).map(([name, p]) => [
          `node_modules/${name}`,
          { version: p.version, ...(p.license ? { license: p.license } : {}) },
        ]),
      ),
    },
  };
  writeFileSync(path.join(root, 'package-lock.json'), JSON.stringify(lock, null, 2));
  for (const [name, p] of Object.entries(packages)) {
    const dir = path.join(root, 'node_modules', name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({ name, version: p.version, license: p.license }),
    );
    if (p.text) writeFileSync(path.join(dir, 'LICENSE'), p.text);
  }
}

describe('npm run licenses', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'vidgen-licences-'));
    mkdirSync(path.join(root, 'docs'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const run = (check: boolean) => runLicences({ root, check, inventory: [], filesInUse: {} });

  it('writes the notices, then --check fails once they are out of date', () => {
    project(root, {
      'left-pad': { version: '1.3.0', license: 'WTFPL OR MIT', text: 'left-pad licence text' },
    });
    expect(run(false)).toMatchObject({ problems: [], written: [NOTICES_FILE, MODELS_FILE] });
    const notices = readFileSync(path.join(root, NOTICES_FILE), 'utf8');
    expect(notices).toContain('| left-pad | 1.3.0 | WTFPL OR MIT |');
    expect(notices).toContain('left-pad licence text');
    expect(run(true).problems).toEqual([]);

    // A new dependency in the lockfile: the committed notices no longer say what ships.
    project(root, {
      'left-pad': { version: '1.3.0', license: 'WTFPL OR MIT', text: 'left-pad licence text' },
      'is-odd': { version: '3.0.1', license: 'MIT', text: 'is-odd licence text' },
    });
    expect(run(true).problems).toEqual([`${NOTICES_FILE} is out of date: run npm run licenses`]);
    // Edited by hand: out of date too.
    run(false);
    writeFileSync(path.join(root, NOTICES_FILE), `${notices}\nedited\n`);
    expect(run(true).problems).toEqual([`${NOTICES_FILE} is out of date: run npm run licenses`]);
  });

  it('--check fails on a dependency with an unknown licence or a GPL one', () => {
    project(root, {
      mystery: { version: '0.1.0', text: 'All rights reserved.' },
      'gpl-thing': { version: '2.0.0', license: 'GPL-2.0-only', text: 'GNU GENERAL PUBLIC LICENSE' },
      fine: { version: '1.0.0', license: 'ISC', text: 'ISC' },
    });
    run(false);
    expect(run(true).problems).toEqual([
      'gpl-thing@2.0.0: GPL-2.0-only is copyleft; the services may not load it',
      'mystery@0.1.0: no licence given',
    ]);
  });

  it('fails when a service source loads a separate program outside its entry file', () => {
    project(root, { 'espeak-ng': { version: '1.0.2', license: 'GPL-3.0-or-later', text: 'GPL' } });
    mkdirSync(path.join(root, 'libs', 'media', 'src', 'narrating'), { recursive: true });
    const entry = path.join(root, 'libs', 'media', 'src', 'narrating', 'espeak.main.ts');
    writeFileSync(entry, "const loaderPath = require.resolve('espeak-ng');\n");
    run(false);
    expect(run(true).problems).toEqual([]);
    writeFileSync(path.join(root, 'libs', 'media', 'src', 'speak.ts'), "import ESpeakNg from 'espeak-ng';\n");
    expect(run(true).problems).toEqual([
      'libs/media/src/speak.ts loads espeak-ng (GPL-3.0-or-later), which only its separate program libs/media/src/narrating/espeak.main.ts may',
    ]);
  });

  it('fails when a package of the project does not say Apache-2.0', () => {
    project(root, {});
    writeFileSync(
      path.join(root, 'package.json'),
      JSON.stringify({ name: 'fixture', license: 'Apache-2.0' }),
    );
    mkdirSync(path.join(root, 'libs', 'thing'), { recursive: true });
    writeFileSync(
      path.join(root, 'libs', 'thing', 'package.json'),
      JSON.stringify({ name: '@fixture/thing' }),
    );
    expect(run(false).problems).toEqual(['libs/thing/package.json: "license" is not "Apache-2.0"']);
  });

  it('fails when an inventoried file is not the pinned one, or a used file is not pinned', () => {
    project(root, { 'some-font': { version: '1.0.0', license: 'OFL-1.1', text: 'OFL' } });
    writeFileSync(path.join(root, 'node_modules', 'some-font', 'Some.ttf'), 'glyphs');
    const item = {
      kind: 'font' as const,
      name: 'Some',
      about: 'captions',
      licence: 'OFL-1.1',
      source: 'https://example.org',
      delivery: 'npm',
      npm: 'some-font',
      files: [{ path: 'Some.ttf', sha256: '0'.repeat(64) }],
    };
    const result = runLicences({
      root,
      check: false,
      inventory: [item],
      filesInUse: { 'some-font': ['Some.ttf', 'Some-Bold.ttf'] },
    });
    expect(result.problems).toEqual([
      expect.stringMatching(
        /^some-font\/Some\.ttf: SHA-256 [0-9a-f]{64} is not the 0{64} scripts\/licenses\/inventory\.ts pins$/,
      ),
      'some-font/Some-Bold.ttf is used but scripts/licenses/inventory.ts does not pin it',
    ]);
    expect(readFileSync(path.join(root, MODELS_FILE), 'utf8')).toContain('| `some-font/Some.ttf` |');
  });
});

describe('the production dependencies', () => {
  it('are what the root and the workspaces depend on, transitively, without devDependencies', () => {
    const lock = {
      packages: {
        '': { dependencies: { a: '*' }, devDependencies: { dev: '*' } },
        'libs/x': { dependencies: { b: '*' }, devDependencies: { dev2: '*' } },
        'node_modules/@s/x': { link: true, resolved: 'libs/x' },
        'node_modules/a': {
          version: '1.0.0',
          dependencies: { c: '*' },
          peerDependencies: { p: '*', q: '*' }, // q: an optional peer not installed
        },
        'node_modules/a/node_modules/c': { version: '2.0.0' },
        'node_modules/c': { version: '1.0.0' },
        'node_modules/b': { version: '1.0.0', optionalDependencies: { 'b-linux': '*', 'b-win': '*' } },
        'node_modules/b-linux': { version: '1.0.0', os: ['linux'] },
        'node_modules/p': { version: '1.0.0' },
        'node_modules/dev': { version: '1.0.0', dependencies: { c: '*' }, dev: true },
        'node_modules/dev2': { version: '1.0.0', dev: true },
      },
    };
    expect([...productionLocations(lock)].sort()).toEqual([
      'node_modules/a',
      'node_modules/a/node_modules/c',
      'node_modules/b',
      'node_modules/b-linux',
      'node_modules/p',
    ]);
  });
});
