import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The things a text names, found through the Unicode CLDR annotations that `emojibase-data`
 * carries per locale (the emoji's name and keywords: "pieuvre", "poulpe", "mer" for 🐙) plus a
 * small synonym table of ours. Words are lemmatised by trying the forms their endings allow
 * ("Herzen" → "herz", "corazones" → "corazon", "chevaux" → "cheval") against the annotations,
 * accents ignored, so a plural or a case ending finds its thing. Each thing's name is its English
 * CLDR name: what `depicts` says, whatever the video's language.
 */

const requireFile = createRequire(__filename);

interface EmojiRecord {
  label: string;
  hexcode: string;
  tags?: string[];
  group?: number;
  subgroup?: number;
  order?: number;
  skins?: unknown[];
}

/** One thing a text names. */
export interface NamedThing {
  /** The emoji's code points, lower-case hex joined by '-' (the artwork's key). */
  hexcode: string;
  /** English CLDR name: "octopus", "drop of blood". */
  name: string;
  /** How many the text says there are, when it says a small number (2–5); else 1. */
  count: number;
  /** A colour word the text gives it ("blue blood"), as a hue 0–360, or grey levels. */
  colour?: Colour;
  /** Where in the text it was named (token index): the first named is the main subject. */
  at: number;
}

export type Colour =
  | { kind: 'hue'; hue: number; name: string }
  | { kind: 'grey'; lightness: number; name: string };

export type Setting =
  | 'sky'
  | 'sea'
  | 'beach'
  | 'night'
  | 'city'
  | 'indoors'
  | 'kitchen'
  | 'space'
  | 'forest'
  | 'snow'
  | 'desert'
  | 'mountains'
  | 'meadow';

export interface SceneReading {
  things: NamedThing[];
  /** The setting words name, if any ("en la playa" → beach); the first one named wins. */
  setting: Setting | undefined;
}

/** The locales read; another language is read with the English annotations. */
export const LEXICON_LANGUAGES = [
  'en',
  'de',
  'es',
  'fr',
  'it',
  'pt',
  'nl',
  'pl',
  'ru',
  'ja',
  'zh',
  'ko',
  'sv',
  'da',
  'fi',
  'nb',
] as const;

// Groups of the CLDR emoji list that picture things: animals and nature, food, places, activities,
// objects. Faces, people, flags and signs are left out (a scene about people is not a smiley).
const THING_GROUPS = new Set([3, 4, 5, 6, 7]);
// Hearts and a few signs are things too.
const EXTRA_HEXCODES = new Set([
  '2764', // red heart
  '1f499', // blue heart
  '1f49a',
  '1f49b',
  '1f9e1',
  '1f49c',
  '1f5a4',
  '1f90d',
  '1f90e',
  '1f494', // broken heart
  '1f4a7', // droplet
  '1f525', // fire
  '2b50', // star
  '1f31f',
  '26a1', // high voltage
  '1f4a4',
  '1f4a1',
  '1f9e0', // brain
  '1fac0', // anatomical heart
  '1fac1', // lungs
  '1f9b7', // tooth
  '1f9b4', // bone
  '1f441', // eye
  '1f440',
  '1f476', // baby
  '1f9d1', // person
  '1f468-200d-1f373', // cook
  '1f9d1-200d-1f680', // astronaut
  '1f9d1-200d-1f52c', // scientist
  '1f9d1-200d-1f3eb', // teacher
  '1f9d1-200d-1f33e', // farmer
  '1f9d1-200d-2695-fe0f', // health worker
  '1f46a', // family
  '1f3c3', // person running
  '1f6b4', // person biking
  '1f3ca', // person swimming
  '1f4aa', // flexed biceps
  '1f44b',
  '1f9e1',
]);

/** Our own words the annotations lack, per language: word → English CLDR name of the thing. */
const SYNONYMS: Record<string, Record<string, string>> = {
  en: {
    blood: 'drop of blood',
    heart: 'anatomical heart',
    hearts: 'anatomical heart',
    bike: 'bicycle',
    cycling: 'bicycle',
    draisine: 'bicycle',
    'penny-farthing': 'bicycle',
    bee: 'honeybee',
    bees: 'honeybee',
    hive: 'honeybee',
    honey: 'honey pot',
    car: 'automobile',
    kid: 'child',
    doctor: 'health worker',
    astronaut: 'astronaut',
    sun: 'sun',
    rainbow: 'rainbow',
    sunlight: 'sun',
    sunshine: 'sun',
    raindrop: 'droplet',
    drop: 'droplet',
    colour: 'artist palette',
    color: 'artist palette',
    paint: 'artist palette',
    bedroom: 'bed',
    tip: 'light bulb',
    ship: 'ship',
    plane: 'airplane',
    aircraft: 'airplane',
    phone: 'mobile phone',
    smartphone: 'mobile phone',
    computer: 'laptop',
    money: 'money bag',
    coin: 'coin',
    coffee: 'hot beverage',
    cup: 'hot beverage',
    mug: 'hot beverage',
    tea: 'teacup without handle',
    bread: 'bread',
    pizza: 'pizza',
    rocket: 'rocket',
    planet: 'ringed planet',
    earth: 'globe showing Europe-Africa',
    world: 'globe showing Europe-Africa',
    globe: 'globe showing Europe-Africa',
    moon: 'crescent moon',
    cloud: 'cloud',
    rain: 'cloud with rain',
    storm: 'cloud with lightning and rain',
    lightning: 'high voltage',
    electricity: 'high voltage',
    idea: 'light bulb',
    book: 'closed book',
    water: 'droplet',
    tree: 'deciduous tree',
    flower: 'blossom',
    volcano: 'volcano',
    mountain: 'snow-capped mountain',
    fish: 'fish',
    whale: 'spouting whale',
    octopus: 'octopus',
    fruit: 'red apple',
    vegetable: 'carrot',
    food: 'fork and knife with plate',
    meal: 'fork and knife with plate',
    plant: 'potted plant',
    animal: 'paw prints',
    pet: 'paw prints',
    tentacle: 'octopus',
    tentacles: 'octopus',
    brain: 'brain',
    music: 'musical notes',
    song: 'musical notes',
    time: 'stopwatch',
    clock: 'mantelpiece clock',
    medicine: 'pill',
    virus: 'microbe',
    bacteria: 'microbe',
    germ: 'microbe',
    cell: 'microbe',
    dna: 'dna',
    gene: 'dna',
    map: 'world map',
    chart: 'chart increasing',
    growth: 'chart increasing',
    sleep: 'bed',
    tool: 'hammer and wrench',
    tools: 'hammer and wrench',
    science: 'microscope',
    school: 'school',
    train: 'locomotive',
    house: 'house',
    home: 'house',
    dog: 'dog',
    cat: 'cat',
    horse: 'horse',
    bird: 'bird',
    egg: 'egg',
    fire: 'fire',
    ice: 'ice',
    light: 'light bulb',
  },
  de: {
    blut: 'drop of blood',
    herz: 'anatomical heart',
    fahrrad: 'bicycle',
    rad: 'bicycle',
    biene: 'honeybee',
    honig: 'honey pot',
    auto: 'automobile',
    sonne: 'sun',
    regenbogen: 'rainbow',
    sonnenlicht: 'sun',
    tropfen: 'droplet',
    farbe: 'artist palette',
    flugzeug: 'airplane',
    handy: 'mobile phone',
    computer: 'laptop',
    geld: 'money bag',
    kaffee: 'hot beverage',
    brot: 'bread',
    rakete: 'rocket',
    planet: 'ringed planet',
    erde: 'globe showing Europe-Africa',
    welt: 'globe showing Europe-Africa',
    mond: 'crescent moon',
    wolke: 'cloud',
    regen: 'cloud with rain',
    gewitter: 'cloud with lightning and rain',
    blitz: 'high voltage',
    strom: 'high voltage',
    idee: 'light bulb',
    buch: 'closed book',
    wasser: 'droplet',
    baum: 'deciduous tree',
    blume: 'blossom',
    vulkan: 'volcano',
    berg: 'snow-capped mountain',
    fisch: 'fish',
    wal: 'spouting whale',
    krake: 'octopus',
    obst: 'red apple',
    frucht: 'red apple',
    gemuse: 'carrot',
    essen: 'fork and knife with plate',
    pflanze: 'potted plant',
    tier: 'paw prints',
    oktopus: 'octopus',
    gehirn: 'brain',
    hirn: 'brain',
    musik: 'musical notes',
    uhr: 'mantelpiece clock',
    zeit: 'stopwatch',
    virus: 'microbe',
    bakterie: 'microbe',
    zelle: 'microbe',
    karte: 'world map',
    schule: 'school',
    zug: 'locomotive',
    haus: 'house',
    hund: 'dog',
    katze: 'cat',
    pferd: 'horse',
    vogel: 'bird',
    kokosnuss: 'coconut',
    tasse: 'hot beverage',
    becher: 'cup with straw',
    apfel: 'red apple',
    schiff: 'ship',
    boot: 'sailboat',
    feuer: 'fire',
    eis: 'ice',
  },
  es: {
    sangre: 'drop of blood',
    corazon: 'anatomical heart',
    bicicleta: 'bicycle',
    bici: 'bicycle',
    abeja: 'honeybee',
    miel: 'honey pot',
    coche: 'automobile',
    auto: 'automobile',
    sol: 'sun',
    arcoiris: 'rainbow',
    gota: 'droplet',
    avion: 'airplane',
    movil: 'mobile phone',
    telefono: 'mobile phone',
    ordenador: 'laptop',
    computadora: 'laptop',
    dinero: 'money bag',
    cafe: 'hot beverage',
    pan: 'bread',
    cohete: 'rocket',
    planeta: 'ringed planet',
    tierra: 'globe showing Europe-Africa',
    mundo: 'globe showing Europe-Africa',
    luna: 'crescent moon',
    nube: 'cloud',
    lluvia: 'cloud with rain',
    tormenta: 'cloud with lightning and rain',
    rayo: 'high voltage',
    idea: 'light bulb',
    libro: 'closed book',
    agua: 'droplet',
    arbol: 'deciduous tree',
    flor: 'blossom',
    volcan: 'volcano',
    montana: 'snow-capped mountain',
    pez: 'fish',
    ballena: 'spouting whale',
    pulpo: 'octopus',
    fruta: 'red apple',
    verdura: 'carrot',
    comida: 'fork and knife with plate',
    planta: 'potted plant',
    animal: 'paw prints',
    cerebro: 'brain',
    musica: 'musical notes',
    reloj: 'mantelpiece clock',
    virus: 'microbe',
    bacteria: 'microbe',
    celula: 'microbe',
    mapa: 'world map',
    escuela: 'school',
    tren: 'locomotive',
    casa: 'house',
    perro: 'dog',
    gato: 'cat',
    caballo: 'horse',
    pajaro: 'bird',
    coco: 'coconut',
    manzana: 'red apple',
    barco: 'ship',
    fuego: 'fire',
  },
  fr: {
    sang: 'drop of blood',
    coeur: 'anatomical heart',
    velo: 'bicycle',
    bicyclette: 'bicycle',
    abeille: 'honeybee',
    miel: 'honey pot',
    voiture: 'automobile',
    soleil: 'sun',
    'arc-en-ciel': 'rainbow',
    goutte: 'droplet',
    couleur: 'artist palette',
    avion: 'airplane',
    telephone: 'mobile phone',
    ordinateur: 'laptop',
    argent: 'money bag',
    cafe: 'hot beverage',
    pain: 'bread',
    fusee: 'rocket',
    planete: 'ringed planet',
    terre: 'globe showing Europe-Africa',
    monde: 'globe showing Europe-Africa',
    lune: 'crescent moon',
    nuage: 'cloud',
    pluie: 'cloud with rain',
    orage: 'cloud with lightning and rain',
    eclair: 'high voltage',
    idee: 'light bulb',
    livre: 'closed book',
    eau: 'droplet',
    arbre: 'deciduous tree',
    fleur: 'blossom',
    volcan: 'volcano',
    montagne: 'snow-capped mountain',
    poisson: 'fish',
    baleine: 'spouting whale',
    pieuvre: 'octopus',
    fruit: 'red apple',
    legume: 'carrot',
    repas: 'fork and knife with plate',
    plante: 'potted plant',
    animal: 'paw prints',
    poulpe: 'octopus',
    cerveau: 'brain',
    musique: 'musical notes',
    horloge: 'mantelpiece clock',
    virus: 'microbe',
    bacterie: 'microbe',
    cellule: 'microbe',
    carte: 'world map',
    ecole: 'school',
    train: 'locomotive',
    maison: 'house',
    chien: 'dog',
    chat: 'cat',
    cheval: 'horse',
    oiseau: 'bird',
    'noix de coco': 'coconut',
    pomme: 'red apple',
    bateau: 'ship',
    feu: 'fire',
  },
  it: {
    sangue: 'drop of blood',
    cuore: 'anatomical heart',
    bicicletta: 'bicycle',
    bici: 'bicycle',
    ape: 'honeybee',
    miele: 'honey pot',
    macchina: 'automobile',
    auto: 'automobile',
    sole: 'sun',
    arcobaleno: 'rainbow',
    goccia: 'droplet',
    colore: 'artist palette',
    aereo: 'airplane',
    telefono: 'mobile phone',
    computer: 'laptop',
    soldi: 'money bag',
    denaro: 'money bag',
    caffe: 'hot beverage',
    pane: 'bread',
    razzo: 'rocket',
    pianeta: 'ringed planet',
    terra: 'globe showing Europe-Africa',
    mondo: 'globe showing Europe-Africa',
    luna: 'crescent moon',
    nuvola: 'cloud',
    pioggia: 'cloud with rain',
    temporale: 'cloud with lightning and rain',
    fulmine: 'high voltage',
    idea: 'light bulb',
    libro: 'closed book',
    acqua: 'droplet',
    albero: 'deciduous tree',
    fiore: 'blossom',
    vulcano: 'volcano',
    montagna: 'snow-capped mountain',
    pesce: 'fish',
    balena: 'spouting whale',
    polpo: 'octopus',
    frutta: 'red apple',
    frutto: 'red apple',
    verdura: 'carrot',
    cibo: 'fork and knife with plate',
    pianta: 'potted plant',
    animale: 'paw prints',
    cervello: 'brain',
    musica: 'musical notes',
    orologio: 'mantelpiece clock',
    virus: 'microbe',
    batterio: 'microbe',
    cellula: 'microbe',
    mappa: 'world map',
    scuola: 'school',
    treno: 'locomotive',
    casa: 'house',
    cane: 'dog',
    gatto: 'cat',
    cavallo: 'horse',
    uccello: 'bird',
    cocco: 'coconut',
    mela: 'red apple',
    nave: 'ship',
    barca: 'sailboat',
    fuoco: 'fire',
  },
};

/** Setting words per language (accents ignored, lemmatised like the rest). */
const SETTINGS: Record<string, Record<string, Setting>> = {
  en: {
    sky: 'sky',
    skies: 'sky',
    air: 'sky',
    sea: 'sea',
    ocean: 'sea',
    underwater: 'sea',
    reef: 'sea',
    lake: 'sea',
    pond: 'sea',
    river: 'sea',
    beach: 'beach',
    coast: 'beach',
    shore: 'beach',
    island: 'beach',
    night: 'night',
    dark: 'night',
    evening: 'night',
    city: 'city',
    town: 'city',
    street: 'city',
    downtown: 'city',
    skyline: 'city',
    indoors: 'indoors',
    room: 'indoors',
    office: 'indoors',
    home: 'indoors',
    classroom: 'indoors',
    lab: 'indoors',
    laboratory: 'indoors',
    kitchen: 'kitchen',
    space: 'space',
    orbit: 'space',
    galaxy: 'space',
    universe: 'space',
    cosmos: 'space',
    forest: 'forest',
    wood: 'forest',
    woods: 'forest',
    jungle: 'forest',
    snow: 'snow',
    winter: 'snow',
    arctic: 'snow',
    desert: 'desert',
    dune: 'desert',
    sahara: 'desert',
    mountains: 'mountains',
    alps: 'mountains',
    meadow: 'meadow',
    field: 'meadow',
    garden: 'meadow',
    park: 'meadow',
    farm: 'meadow',
    countryside: 'meadow',
  },
  de: {
    himmel: 'sky',
    luft: 'sky',
    meer: 'sea',
    ozean: 'sea',
    see: 'sea',
    fluss: 'sea',
    teich: 'sea',
    unterwasser: 'sea',
    strand: 'beach',
    kuste: 'beach',
    insel: 'beach',
    nacht: 'night',
    abend: 'night',
    stadt: 'city',
    strasse: 'city',
    zimmer: 'indoors',
    raum: 'indoors',
    buro: 'indoors',
    wohnzimmer: 'indoors',
    labor: 'indoors',
    kuche: 'kitchen',
    weltraum: 'space',
    weltall: 'space',
    all: 'space',
    galaxie: 'space',
    wald: 'forest',
    dschungel: 'forest',
    schnee: 'snow',
    winter: 'snow',
    wuste: 'desert',
    gebirge: 'mountains',
    alpen: 'mountains',
    wiese: 'meadow',
    feld: 'meadow',
    garten: 'meadow',
    park: 'meadow',
  },
  es: {
    cielo: 'sky',
    mar: 'sea',
    oceano: 'sea',
    rio: 'sea',
    lago: 'sea',
    playa: 'beach',
    costa: 'beach',
    isla: 'beach',
    noche: 'night',
    ciudad: 'city',
    calle: 'city',
    habitacion: 'indoors',
    oficina: 'indoors',
    sala: 'indoors',
    laboratorio: 'indoors',
    cocina: 'kitchen',
    espacio: 'space',
    galaxia: 'space',
    universo: 'space',
    bosque: 'forest',
    selva: 'forest',
    nieve: 'snow',
    invierno: 'snow',
    desierto: 'desert',
    montanas: 'mountains',
    prado: 'meadow',
    campo: 'meadow',
    jardin: 'meadow',
    parque: 'meadow',
  },
  fr: {
    ciel: 'sky',
    mer: 'sea',
    ocean: 'sea',
    riviere: 'sea',
    lac: 'sea',
    plage: 'beach',
    cote: 'beach',
    ile: 'beach',
    nuit: 'night',
    soir: 'night',
    ville: 'city',
    rue: 'city',
    piece: 'indoors',
    salon: 'indoors',
    bureau: 'indoors',
    laboratoire: 'indoors',
    cuisine: 'kitchen',
    espace: 'space',
    galaxie: 'space',
    univers: 'space',
    foret: 'forest',
    jungle: 'forest',
    neige: 'snow',
    hiver: 'snow',
    desert: 'desert',
    montagnes: 'mountains',
    prairie: 'meadow',
    champ: 'meadow',
    jardin: 'meadow',
    parc: 'meadow',
  },
  it: {
    cielo: 'sky',
    mare: 'sea',
    oceano: 'sea',
    fiume: 'sea',
    lago: 'sea',
    spiaggia: 'beach',
    costa: 'beach',
    isola: 'beach',
    notte: 'night',
    sera: 'night',
    citta: 'city',
    strada: 'city',
    stanza: 'indoors',
    ufficio: 'indoors',
    laboratorio: 'indoors',
    cucina: 'kitchen',
    spazio: 'space',
    galassia: 'space',
    universo: 'space',
    foresta: 'forest',
    bosco: 'forest',
    giungla: 'forest',
    neve: 'snow',
    inverno: 'snow',
    deserto: 'desert',
    montagne: 'mountains',
    prato: 'meadow',
    campo: 'meadow',
    giardino: 'meadow',
    parco: 'meadow',
  },
};

const HUES: Record<string, number> = {
  red: 0,
  orange: 30,
  yellow: 52,
  gold: 45,
  green: 120,
  blue: 215,
  purple: 280,
  pink: 330,
  brown: 25,
};

/** Colour words per language (lemmatised like the rest, so "blaues", "rojas", "bleue" are found). */
const COLOURS: Record<string, Record<string, string>> = {
  en: {
    red: 'red',
    orange: 'orange',
    yellow: 'yellow',
    golden: 'gold',
    gold: 'gold',
    green: 'green',
    blue: 'blue',
    purple: 'purple',
    violet: 'purple',
    pink: 'pink',
    brown: 'brown',
    black: 'black',
    white: 'white',
    grey: 'grey',
    gray: 'grey',
    silver: 'grey',
  },
  de: {
    rot: 'red',
    orange: 'orange',
    gelb: 'yellow',
    golden: 'gold',
    grun: 'green',
    blau: 'blue',
    lila: 'purple',
    violett: 'purple',
    rosa: 'pink',
    braun: 'brown',
    schwarz: 'black',
    weiss: 'white',
    grau: 'grey',
    silbern: 'grey',
  },
  es: {
    rojo: 'red',
    naranja: 'orange',
    amarillo: 'yellow',
    dorado: 'gold',
    verde: 'green',
    azul: 'blue',
    morado: 'purple',
    violeta: 'purple',
    rosa: 'pink',
    marron: 'brown',
    negro: 'black',
    blanco: 'white',
    gris: 'grey',
    plateado: 'grey',
  },
  fr: {
    rouge: 'red',
    orange: 'orange',
    jaune: 'yellow',
    dore: 'gold',
    vert: 'green',
    bleu: 'blue',
    violet: 'purple',
    rose: 'pink',
    marron: 'brown',
    noir: 'black',
    blanc: 'white',
    blanche: 'white',
    gris: 'grey',
    argente: 'grey',
  },
  it: {
    rosso: 'red',
    arancione: 'orange',
    giallo: 'yellow',
    dorato: 'gold',
    verde: 'green',
    blu: 'blue',
    azzurro: 'blue',
    viola: 'purple',
    rosa: 'pink',
    marrone: 'brown',
    nero: 'black',
    bianco: 'white',
    grigio: 'grey',
    argento: 'grey',
  },
};

const NUMBERS: Record<string, Record<string, number>> = {
  en: { two: 2, three: 3, four: 4, five: 5, pair: 2, couple: 2 },
  de: { zwei: 2, drei: 3, vier: 4, funf: 5, paar: 2 },
  es: { dos: 2, tres: 3, cuatro: 4, cinco: 5 },
  fr: { deux: 2, trois: 3, quatre: 4, cinq: 5 },
  it: { due: 2, tre: 3, quattro: 4, cinque: 5 },
};

/**
 * Words that look like a thing's keyword but are nearly always something else in a sentence:
 * verbs, adjectives and function words ("rose" of "the empire rose", "can", "watch").
 */
const NOT_THINGS: Record<string, Set<string>> = {
  en: new Set(
    'the and for with from into this that these those its his her their our your you are was were been have has had can will would could should may might must not but all any some many much more most very just also only even rose fly saw bat match watch spring fall light lead tie top up new free cool hot ok sign face point mark play show cross bar present kind type set check run rock pop stand fan ring note key fine last like live fair close back well game train trip step hand first second third one small big large little tiny huge old young high long short great full open closed left right upper lower half whole dry wet drink leaves'.split(
      ' ',
    ),
  ),
  de: new Set(
    'der die das den dem des ein eine einen einem einer und oder mit von zu zum zur im in am auf aus für über unter ist sind war hat haben wird kann mehr sehr auch nur noch schon als wie so es er sie wir ihr gut neu alt hoch lang zeit'.split(
      ' ',
    ),
  ),
  es: new Set(
    'el la los las un una unos unas y o de del con en por para al lo es son era fue muy mas tambien solo como que se su sus este esta estos estas nuevo bien'.split(
      ' ',
    ),
  ),
  fr: new Set(
    'le la les un une des et ou de du au aux avec en par pour sur dans est sont etait tres plus aussi seulement comme que qui se sa son ses ce cette ces nouveau bien'.split(
      ' ',
    ),
  ),
  it: new Set(
    'il lo la i gli le un una uno e o di del della dei delle con in per su da al alla nel nella era sono molto piu anche solo come che si suo sua questo questa nuovo bene'.split(
      ' ',
    ),
  ),
};

/** Lower case, accents and the German ß folded: "Kokosnüsse" → "kokosnusse". */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[’']/g, "'");
}

/** The forms a word's ending allows, the word itself first. */
export function lemmaCandidates(word: string, language: string): string[] {
  const out = [word];
  const add = (w: string) => {
    if (w.length >= 2 && !out.includes(w)) out.push(w);
  };
  const strip = (suffix: string, repl = '') => {
    if (word.endsWith(suffix) && word.length > suffix.length + 1) add(word.slice(0, -suffix.length) + repl);
  };
  switch (language) {
    case 'en': {
      const irregular: Record<string, string> = {
        mice: 'mouse',
        geese: 'goose',
        teeth: 'tooth',
        feet: 'foot',
        children: 'child',
        men: 'man',
        women: 'woman',
        people: 'person',
        leaves: 'leaf',
        knives: 'knife',
        wolves: 'wolf',
        octopi: 'octopus',
        cacti: 'cactus',
        fungi: 'mushroom',
        sheep: 'sheep',
        fish: 'fish',
        deer: 'deer',
      };
      if (irregular[word]) add(irregular[word]!);
      strip('ies', 'y');
      strip('ves', 'f');
      strip('es');
      strip('s');
      strip("'s");
      break;
    }
    case 'de':
      for (const s of ['innen', 'nen', 'en', 'er', 'es', 'e', 'n', 's']) strip(s);
      break;
    case 'es':
    case 'pt':
      strip('ces', 'z');
      strip('es');
      strip('s');
      strip('a', 'o');
      strip('as', 'o');
      break;
    case 'fr':
      strip('aux', 'al');
      strip('x');
      strip('s');
      strip('e');
      strip('es');
      break;
    case 'it':
      strip('i', 'o');
      strip('i', 'e');
      strip('e', 'a');
      strip('he', 'a');
      strip('hi', 'o');
      strip('a', 'o');
      break;
    case 'nl':
      strip('en');
      strip('s');
      break;
  }
  return out;
}

interface Entry {
  hexcode: string;
  /** 3: our synonym, 2: the emoji's own name, 1: one of its keywords. */
  rank: number;
  order: number;
}

interface LanguageIndex {
  keys: Map<string, Entry>;
  /** Longest key, in words: phrases up to it are tried ("noix de coco", "hot air balloon"). */
  maxWords: number;
}

const loadedIndexes = new Map<string, LanguageIndex>();
let englishNames: Map<string, string> | undefined;
let englishByName: Map<string, string> | undefined;
let available: Set<string> | undefined;

/** The emoji that have artwork (set by the artwork loader: only drawable things are named). */
export function setDrawable(hexcodes: Set<string>): void {
  available = hexcodes;
  loadedIndexes.clear();
}

const normHex = (hex: string) => hex.toLowerCase();

// Read, not required: the module cache would keep every locale's whole list for good; only the
// index built from it stays.
function records(language: string): EmojiRecord[] {
  return JSON.parse(
    readFileSync(requireFile.resolve(`emojibase-data/${language}/data.json`), 'utf8'),
  ) as EmojiRecord[];
}

/** The emoji that picture things (the only ones ever drawn), whatever their artwork. */
export function thingHexcodes(): Set<string> {
  const out = new Set<string>();
  for (const e of records('en'))
    if (THING_GROUPS.has(e.group ?? -1) || EXTRA_HEXCODES.has(normHex(e.hexcode)))
      out.add(normHex(e.hexcode));
  return out;
}

function isThing(e: EmojiRecord): boolean {
  const hex = normHex(e.hexcode);
  if (available && !available.has(hex)) return false;
  return THING_GROUPS.has(e.group ?? -1) || EXTRA_HEXCODES.has(hex);
}

function english(): { names: Map<string, string>; byName: Map<string, string> } {
  if (!englishNames || !englishByName) {
    englishNames = new Map();
    englishByName = new Map();
    for (const e of records('en')) {
      const hex = normHex(e.hexcode);
      englishNames.set(hex, e.label);
      englishByName.set(e.label.toLowerCase(), hex);
    }
  }
  return { names: englishNames, byName: englishByName };
}

/** The English CLDR name of an emoji. */
export function englishName(hexcode: string): string {
  return english().names.get(normHex(hexcode)) ?? hexcode;
}

function put(index: LanguageIndex, raw: string, entry: Entry): void {
  const key = raw.replace(/[-\s]+/g, ' ').trim();
  if (key.length < 2) return;
  const was = index.keys.get(key);
  if (!was || entry.rank > was.rank || (entry.rank === was.rank && entry.order < was.order))
    index.keys.set(key, entry);
  index.maxWords = Math.max(index.maxWords, key.split(' ').length);
}

function indexFor(language: string): LanguageIndex {
  const lang = (LEXICON_LANGUAGES as readonly string[]).includes(language) ? language : 'en';
  let index = loadedIndexes.get(lang);
  if (index) return index;
  index = { keys: new Map(), maxWords: 1 };
  const stop = NOT_THINGS[lang] ?? new Set<string>();
  for (const e of records(lang)) {
    if (!isThing(e)) continue;
    const entry = { hexcode: normHex(e.hexcode), order: e.order ?? 1e6 };
    const label = fold(e.label);
    if (!stop.has(label)) put(index, label, { ...entry, rank: 2 });
    // A keyword names the thing itself only when the name contains it ("sangre" of "gota de
    // sangre"); the others are associations ("sand" of the hourglass, "small" of the shrimp).
    for (const tag of e.tags ?? []) {
      const key = fold(tag);
      if (key.length >= 3 && !stop.has(key) && label.includes(key)) put(index, key, { ...entry, rank: 1 });
    }
  }
  const { byName } = english();
  for (const [word, name] of Object.entries(SYNONYMS[lang] ?? {})) {
    const hex = byName.get(name.toLowerCase());
    if (hex && (!available || available.has(hex)))
      put(index, fold(word), { hexcode: hex, rank: 3, order: 0 });
  }
  loadedIndexes.set(lang, index);
  return index;
}

function tokensOf(text: string, language: string): string[] {
  const out: string[] = [];
  for (const { segment, isWordLike } of new Intl.Segmenter(language, { granularity: 'word' }).segment(text))
    if (isWordLike) out.push(fold(segment));
  return out;
}

function lookup<T>(table: Record<string, T> | undefined, token: string, language: string): T | undefined {
  if (!table) return undefined;
  for (const form of lemmaCandidates(token, language)) if (table[form] !== undefined) return table[form];
  return undefined;
}

/** The things a text names and its setting, in the order named. */
export function readScene(text: string, language = 'en'): SceneReading {
  const lang = language.toLowerCase().split(/[-_]/)[0]!;
  const index = indexFor(lang);
  const tokens = tokensOf(text, lang);
  const things: (NamedThing & { end: number; rank: number; counted: boolean })[] = [];
  let setting: Setting | undefined;
  const colours = COLOURS[lang] ?? COLOURS.en!;
  const numbers = NUMBERS[lang] ?? {};
  const stop = NOT_THINGS[lang] ?? new Set<string>();
  const settings = SETTINGS[lang] ?? {};
  // Adjectives come before the noun in English and German, mostly after it in the Romance languages.
  const colourAfter = ['es', 'fr', 'it', 'pt'].includes(lang);

  const colourAt = (i: number): Colour | undefined => {
    const word = tokens[i];
    if (word === undefined) return undefined;
    const name = lookup(colours, word, lang);
    if (!name) return undefined;
    if (name === 'black') return { kind: 'grey', lightness: 22, name };
    if (name === 'white') return { kind: 'grey', lightness: 94, name };
    if (name === 'grey') return { kind: 'grey', lightness: 62, name };
    return { kind: 'hue', hue: HUES[name]!, name };
  };

  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i]!;
    if (numbers[word] !== undefined) continue;
    // A colour word is a colour ("orange cat", "gatti neri", "Red leaves the drop"), never a thing.
    if (colourAt(i)) continue;
    const asSetting = stop.has(word) ? undefined : lookup(settings, word, lang);
    if (asSetting) {
      setting ??= asSetting;
      continue;
    }
    // Longest phrase first: "noix de coco" before "noix".
    let found: { entry: Entry; words: number } | undefined;
    for (let n = Math.min(index.maxWords, tokens.length - i); n >= 1 && !found; n--) {
      const phrase = tokens.slice(i, i + n);
      if (n === 1 && (stop.has(word) || /^\d+$/.test(word))) break;
      const last = phrase.at(-1)!;
      const first = phrase.slice(0, -1).join(' ');
      // Of the forms the ending allows, the one our synonyms or an emoji's own name knows wins
      // ("corazones" is a keyword of the heart suit, "corazon" our anatomical heart).
      for (const form of lemmaCandidates(last, lang)) {
        const key = first ? `${first} ${form}` : form;
        const entry = index.keys.get(key);
        if (entry && (!found || entry.rank > found.entry.rank)) found = { entry, words: n };
      }
    }
    if (!found) continue;
    const hexcode = found.entry.hexcode;
    const end = i + found.words - 1;
    const colour = colourAfter
      ? (colourAt(end + 1) ?? colourAt(end + 2))
      : (colourAt(i - 1) ?? colourAt(i - 2));
    let count = 1;
    for (const back of [1, 2]) {
      const n = tokens[i - back] !== undefined ? numbers[tokens[i - back]!] : undefined;
      const digits = Number(tokens[i - back]);
      if (n) count = n;
      else if (Number.isInteger(digits) && digits >= 2 && digits <= 5) count = digits;
      if (count > 1) break;
    }
    // Two things named side by side are one thing and what it is made of or part of ("paper
    // boat", "coconut shells"): the one named by its own name wins, else the head noun (the
    // second in English and German, the first in the Romance languages).
    const before = things.at(-1);
    if (before && before.end === i - 1 && !before.counted) {
      const keepBefore = before.rank > found.entry.rank || (before.rank === found.entry.rank && colourAfter);
      if (keepBefore) {
        i = end;
        continue;
      }
      things.pop();
    }
    const same = things.find((t) => t.hexcode === hexcode);
    if (same) {
      same.count = Math.max(same.count, count);
      same.colour ??= colour;
    } else
      things.push({
        hexcode,
        name: englishName(hexcode),
        count,
        colour,
        at: i,
        end,
        rank: found.entry.rank,
        counted: count > 1,
      });
    i = end;
  }
  return { things: things.map(({ end: _end, rank: _rank, counted: _counted, ...t }) => t), setting };
}

/** The English name of a setting, as `depicts` lists it. */
export function settingName(setting: Setting): string {
  return setting;
}
