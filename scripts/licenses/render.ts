import type { InventoryItem } from './inventory';
import { SEPARATE_PROGRAMS } from './licence-policy';
import type { ProductionPackage } from './npm-packages';

/** THIRD_PARTY_NOTICES.md and docs/models.md, as `npm run licenses` writes them. */

const GENERATED = (from: string) =>
  `<!-- Written by \`npm run licenses\` (scripts/licenses.ts) from ${from}; do not edit: CI fails when it is out of date. -->`;

/** An inventory item's version, with the npm package's from the lockfile where it ships in one. */
export function itemVersion(item: InventoryItem, npmVersions: ReadonlyMap<string, string>): string {
  const npm = item.npm
    ? `npm ${item.npm} ${npmVersions.get(item.npm) ?? '(not in package-lock.json)'}`
    : undefined;
  return [item.version, npm].filter(Boolean).join('; ');
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** A fence longer than any run of backticks in `text`. */
function fenced(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}text\n${text}\n${fence}`;
}

const KIND_TITLES: Record<InventoryItem['kind'], string> = {
  voice: 'Voices',
  model: 'Models',
  font: 'Fonts',
  artwork: 'Artwork',
  data: 'Data sets',
  program: 'Programs',
};

export function renderModels(
  items: readonly InventoryItem[],
  npmVersions: ReadonlyMap<string, string>,
): string {
  const out: string[] = [
    GENERATED('scripts/licenses/inventory.ts and package-lock.json'),
    '',
    '# Models, voices, fonts and artwork',
    '',
    'Every model, voice, font, artwork set and data set the services use: where it comes from, its',
    'version, its licence and the SHA-256 of every file used. Installers check each file against these',
    'digests (the voice and model installers before a file is put in place, npm through the integrity',
    'of package-lock.json, and `npm run licenses -- --check` on the installed npm files); nothing',
    'else is downloaded at run time. The third-party software is in',
    '[THIRD_PARTY_NOTICES.md](../THIRD_PARTY_NOTICES.md); why the list is kept this way is in',
    '[decision 0056](decisions/0056-licence-and-provenance.md).',
  ];
  for (const kind of Object.keys(KIND_TITLES) as InventoryItem['kind'][]) {
    const ofKind = items.filter((i) => i.kind === kind);
    if (ofKind.length === 0) continue;
    out.push('', `## ${KIND_TITLES[kind]}`);
    for (const item of ofKind) {
      out.push(
        '',
        `### ${item.name}`,
        '',
        `- What: ${item.about}`,
        `- Source: ${item.source}`,
        `- Version: ${itemVersion(item, npmVersions)}`,
        `- Licence: ${item.licence}${item.licenceNote ? ` — ${item.licenceNote}` : ''}`,
        `- Installed by: ${item.delivery}`,
        '',
        '| file | SHA-256 |',
        '| ---- | ------- |',
        ...item.files.map(
          (f) =>
            `| \`${item.npm ? `${item.npm}/${f.path}` : f.path}\`${f.bytes ? ` (${f.bytes.toLocaleString('en')} bytes)` : ''} | \`${f.sha256}\` |`,
        ),
      );
    }
  }
  return `${out.join('\n')}\n`;
}

export function renderNotices(
  packages: readonly ProductionPackage[],
  items: readonly InventoryItem[],
  npmVersions: ReadonlyMap<string, string>,
): string {
  const out: string[] = [
    GENERATED('package-lock.json, the installed packages and scripts/licenses/inventory.ts'),
    '',
    '# Third-party notices',
    '',
    'vidgen is licensed under the Apache License 2.0 ([LICENSE](LICENSE)). It uses the third-party',
    'programs, models, voices, fonts, artwork and npm packages below, each under its own licence,',
    'whose text follows.',
  ];

  const separate = packages.filter((p) => SEPARATE_PROGRAMS[p.name]);
  out.push(
    '',
    '## Separate programs',
    '',
    'Programs under a copyleft licence that the services run as separate programs, each in a process',
    'of its own, exchanging only command lines, files and output with it over pipes. They are not',
    'part of vidgen’s own code and keep their licences; their source is where the table says.',
    '',
    '| program | version | licence | source | how it runs |',
    '| ------- | ------- | ------- | ------ | ----------- |',
    ...separate.map((p) => {
      const s = SEPARATE_PROGRAMS[p.name]!;
      return `| ${p.name} | npm ${p.name} ${p.version} | ${s.licence} | ${cell(s.upstream)} | ${cell(s.about)} (\`${s.entry}\`) |`;
    }),
    '',
    'FFmpeg, which renders the videos, is not shipped: the renderer runs the `ffmpeg` the host has',
    '(the container image installs Debian’s package), as a program of its own, under that build’s',
    'licence (LGPL-2.1-or-later or GPL-2.0-or-later).',
  );

  out.push(
    '',
    '## Models, voices, fonts and artwork',
    '',
    'With the SHA-256 of every file in [docs/models.md](docs/models.md).',
    '',
    '| name | kind | version | licence | source |',
    '| ---- | ---- | ------- | ------- | ------ |',
    ...items.map(
      (i) =>
        `| ${cell(i.name)} | ${i.kind} | ${cell(itemVersion(i, npmVersions))} | ${cell(i.licence)} | ${cell(i.source)} |`,
    ),
  );

  // One copy of each distinct licence text, in the order the packages (sorted by name) reach it.
  const texts = new Map<string, { title: string; users: string[] }>();
  const rows: string[] = [];
  for (const p of packages) {
    const id = `${p.name}@${p.version}`;
    let note: string;
    if (p.platform) note = 'platform binary: its licence text, where it has one, is its main package’s';
    else if (!p.texts || p.texts.length === 0)
      note = 'ships no licence file: the licence its manifest names applies';
    else {
      note = '';
      for (const t of p.texts) {
        const seen = texts.get(t.text);
        if (seen) seen.users.push(id);
        else texts.set(t.text, { title: `${id}: ${t.file}`, users: [] });
      }
    }
    if (p.overridden)
      note = [note, `licence read from its files: ${p.overridden}`].filter(Boolean).join('; ');
    rows.push(`| ${p.name} | ${p.version} | ${cell(p.licence ?? 'none given')} | ${cell(note)} |`);
  }
  out.push(
    '',
    '## npm packages',
    '',
    `The ${packages.length} packages the services load: every package package-lock.json reaches from the`,
    '`dependencies` of the root package and of each workspace (devDependencies left out), platform',
    'binaries for every platform included.',
    '',
    '| package | version | licence | note |',
    '| ------- | ------- | ------- | ---- |',
    ...rows,
    '',
    '## Licence texts',
    '',
    'Each distinct licence or notice file of the packages above, once, with the packages that ship the',
    'same text.',
  );
  for (const [text, { title, users }] of texts) {
    out.push('', `### ${title}`, '');
    if (users.length > 0) out.push(`Also: ${users.join(', ')}.`, '');
    out.push(fenced(text));
  }
  return `${out.join('\n')}\n`;
}
