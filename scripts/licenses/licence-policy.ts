/**
 * Which licences the services may load, as SPDX expressions (docs/decisions/0056-licence-and-provenance.md).
 * A dependency's expression passes when every branch joined by AND passes and at least one of
 * the branches joined by OR does. An identifier is allowed (permissive, or MPL-2.0's file-level
 * copyleft), copyleft (GPL, LGPL, AGPL, …: allowed only for a program the services run in a
 * process of its own, listed in SEPARATE_PROGRAMS), or unknown (fails until someone reviews it).
 */

/** Permissive licences (and MPL-2.0, whose copyleft stops at the files it covers). */
export const ALLOWED_LICENCES: ReadonlySet<string> = new Set([
  '0BSD',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'BSL-1.0',
  'CC0-1.0',
  // Attribution only (the notices give it): data such as caniuse-lite's tables.
  'CC-BY-3.0',
  'CC-BY-4.0',
  'ISC',
  'MIT',
  'MIT-0',
  'MPL-2.0',
  'OFL-1.1',
  'PostgreSQL',
  'PSF-2.0',
  'Python-2.0',
  'Unicode-3.0',
  'Unicode-DFS-2016',
  'Unlicense',
  'Zlib',
  // Reviewed by hand, see LICENCE_OVERRIDES.
  'LicenseRef-DejaVu-Fonts',
]);

/** Licence exceptions that leave the licence they qualify as permissive as it was. */
const ALLOWED_EXCEPTIONS: ReadonlySet<string> = new Set(['LLVM-exception']);

/** Copyleft that reaches the program linking the code: allowed only in a separate program. */
const COPYLEFT = /^(A?GPL|LGPL|SSPL|EUPL|OSL|CPAL|CC-BY(-NC)?-SA|CC-BY-NC|CC-BY-ND|RPL|Sleepycat)/;

/**
 * Programs under a copyleft licence that the services run only as separate programs, in
 * processes of their own, talking to them over pipes as to any command-line program. The licence
 * check accepts their licence for these packages only, and only while no file but `entry` loads
 * them (scripts/licenses.ts checks the sources).
 */
export const SEPARATE_PROGRAMS: Readonly<
  Record<string, { entry: string; licence: string; upstream: string; about: string }>
> = {
  'espeak-ng': {
    entry: 'libs/media/src/narrating/espeak.main.ts',
    licence: 'GPL-3.0-or-later',
    upstream:
      'https://github.com/espeak-ng/espeak-ng (WebAssembly build: https://github.com/ianmarmour/espeak-ng.js)',
    about:
      'speech synthesis for every language and the phonemes of the Piper voices; the worker starts it as a process of its own and exchanges command lines, files and output with it over stdin and stdout',
  },
};

/**
 * Packages whose manifest gives no usable SPDX expression, with the licence their licence files
 * state (read by hand), for the exact version that was read.
 */
export const LICENCE_OVERRIDES: Readonly<Record<string, { licence: string; why: string }>> = {
  'dejavu-fonts-ttf@2.37.3': {
    licence: 'LicenseRef-DejaVu-Fonts',
    why: 'its package.json says "SEE LICENSE IN README.md AND LICENSE": Bitstream Vera and Arev font licences (permissive; a changed font is renamed), DejaVu changes in the public domain',
  },
  'unionfs@4.6.0': {
    licence: 'Unlicense',
    why: 'its package.json gives no licence; its LICENSE file is the Unlicense',
  },
};

export type Verdict =
  | { ok: true; via: string }
  | { ok: false; reason: 'unknown' | 'copyleft'; detail: string };

type Node = { kind: 'id'; id: string; exception?: string } | { kind: 'and' | 'or'; left: Node; right: Node };

/** An SPDX licence expression as a tree; throws on anything else ("SEE LICENSE IN …", ""). */
export function parseSpdx(expression: string): Node {
  const tokens = expression.match(/\(|\)|[A-Za-z0-9.+:-]+/g) ?? [];
  if (tokens.join('') !== expression.replace(/\s+/g, ''))
    throw new Error(`not an SPDX expression: ${expression}`);
  let at = 0;
  const peek = () => tokens[at];
  const take = () => tokens[at++];
  const primary = (): Node => {
    const t = take();
    if (t === '(') {
      const inner = or();
      if (take() !== ')') throw new Error(`unbalanced parentheses: ${expression}`);
      return inner;
    }
    if (!t || /^(AND|OR|WITH|\))$/i.test(t)) throw new Error(`not an SPDX expression: ${expression}`);
    if (peek()?.toUpperCase() === 'WITH') {
      take();
      const exception = take();
      if (!exception) throw new Error(`WITH needs an exception: ${expression}`);
      return { kind: 'id', id: t, exception };
    }
    return { kind: 'id', id: t };
  };
  const and = (): Node => {
    let left = primary();
    while (peek()?.toUpperCase() === 'AND') {
      take();
      left = { kind: 'and', left, right: primary() };
    }
    return left;
  };
  const or = (): Node => {
    let left = and();
    while (peek()?.toUpperCase() === 'OR') {
      take();
      left = { kind: 'or', left, right: and() };
    }
    return left;
  };
  const tree = or();
  if (at !== tokens.length) throw new Error(`not an SPDX expression: ${expression}`);
  return tree;
}

function judgeNode(node: Node, separateProgram: boolean): Verdict {
  if (node.kind === 'id') {
    // "Apache-2.0+" (or later) is at least what the plain identifier allows.
    const id = node.id.replace(/\+$/, '');
    const shown = node.exception ? `${node.id} WITH ${node.exception}` : node.id;
    if (ALLOWED_LICENCES.has(id) && (!node.exception || ALLOWED_EXCEPTIONS.has(node.exception)))
      return { ok: true, via: shown };
    if (COPYLEFT.test(id))
      return separateProgram
        ? { ok: true, via: `${shown} (a separate program)` }
        : { ok: false, reason: 'copyleft', detail: `${shown} is copyleft; the services may not load it` };
    return { ok: false, reason: 'unknown', detail: `${shown} is not a licence the project has reviewed` };
  }
  const l = judgeNode(node.left, separateProgram);
  const r = judgeNode(node.right, separateProgram);
  if (node.kind === 'or') {
    if (l.ok) return l;
    if (r.ok) return r;
    return l.reason === 'copyleft' ? l : r;
  }
  if (!l.ok) return l;
  if (!r.ok) return r;
  return { ok: true, via: `${l.via} AND ${r.via}` };
}

/** Whether a package under `expression` may be loaded by the services. */
export function judgeLicence(
  expression: string | undefined,
  opts: { separateProgram?: boolean } = {},
): Verdict {
  if (!expression?.trim()) return { ok: false, reason: 'unknown', detail: 'no licence given' };
  let tree: Node;
  try {
    tree = parseSpdx(expression.trim());
  } catch {
    return { ok: false, reason: 'unknown', detail: `"${expression}" is not an SPDX licence expression` };
  }
  return judgeNode(tree, opts.separateProgram ?? false);
}

export interface LicensedPackage {
  name: string;
  version: string;
  /** The SPDX expression its manifest (or LICENCE_OVERRIDES) gives, if any. */
  licence?: string;
}

/** One line per package the services may not load, naming it and why. */
export function licenceProblems(packages: readonly LicensedPackage[]): string[] {
  const problems: string[] = [];
  for (const p of packages) {
    const separate = SEPARATE_PROGRAMS[p.name];
    const verdict = judgeLicence(p.licence, { separateProgram: separate !== undefined });
    if (!verdict.ok) problems.push(`${p.name}@${p.version}: ${verdict.detail}`);
  }
  return problems;
}
