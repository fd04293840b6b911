/**
 * Steering words of prompts in German, Spanish, French, Italian, Portuguese, Russian and Greek:
 * the request for a video about something, and the commonest "show", "start with", "then"
 * openers. English ones live in prompt.steering.ts. Only what is unambiguous is listed: a word
 * that also opens a plain statement ("Dann kam das Hochrad", "Потом появился…") is stripped
 * only before a noun phrase, as in English.
 */

/**
 * "Ein kurzes Video über X", "Un vídeo sobre X", "Видео о X", "Ένα βίντεο για X". The
 * preposition is kept apart: in languages with cases the subject is inflected for it, so it is
 * said with its preposition ("Dieses Video berichtet über den Hund", "Это видео о Москве").
 */
export const META_OTHER: RegExp[] = [
  /^(?:(?:ein|eine|einen)\s+)?(?:(?:kurze[rsn]?|kleine[rsn]?)\s+)?(?:video|film|dokumentation|doku|erklärvideo|clip)\s+(über|zum|zur|zu)\s+/iu,
  /^(?:(?:haz|crea|haga|cree)(?:me)?\s+)?(?:(?:un|una)\s+)?(?:(?:breve|corto|pequeño)\s+)?(?:v[ií]deo|documental|pel[ií]cula|clip)\s+(?:(?:breve|corto)\s+)?(sobre|acerca\s+de|de)\s+/iu,
  /^(?:(?:une?)\s+)?(?:(?:courte?|petite?)\s+)?(?:vid[ée]o|documentaire|film|clip)\s+(?:(?:courte?)\s+)?(sur|à\s+propos\s+de)\s+/iu,
  /^(?:(?:un|una)\s+)?(?:(?:breve|piccolo)\s+)?(?:video|documentario|filmato|clip)\s+(?:(?:breve)\s+)?(su|sul|sulla|sui|sulle|sugli)\s+/iu,
  /^(?:(?:um|uma)\s+)?(?:(?:breve|pequeno|curto)\s+)?(?:v[ií]deo|document[áa]rio|filme|clipe)\s+(?:(?:curto|breve)\s+)?(sobre)\s+/iu,
  /^(?:(?:короткое|небольшое|короткий|небольшой)\s+)?(?:видео|видеоролик|ролик|фильм)\s+(о|об|обо|про)\s+/iu,
  /^(?:(?:ένα|μια)\s+)?(?:(?:σύντομο|μικρό|σύντομη)\s+)?(?:βίντεο|ντοκιμαντέρ|ταινία)\s+(για|σχετικά\s+με)\s+/iu,
];

/** Leads for a start the prompt asks for, per language: "Es beginnt mit …". */
export interface ForeignPrefix {
  pattern: RegExp;
  lead?: string;
  nounLead?: string;
  list?: boolean;
}

// A noun phrase follows: an article or a capitalised word (German nouns are capitalised).
const NOUN_AHEAD =
  '(?=(?:der|die|das|den|dem|des|ein|eine|el|la|los|las|un|una|le|les|il|lo|gli|o|os|as|η|ο|το|οι|τα)\\s|\\p{Lu})';

export const FOREIGN_PREFIXES: ForeignPrefix[] = [
  {
    pattern: /^(?:beginne|beginnen\s+sie|fang|fange|fangen\s+sie)\s+mit\s+/iu,
    lead: 'Es beginnt mit',
    list: true,
  },
  { pattern: /^(?:ende|enden\s+sie|schließe|schließen\s+sie)\s+mit\s+/iu, lead: 'Es endet mit', list: true },
  { pattern: /^(?:empieza|comienza|empiece|comience)\s+(?:con|por)\s+/iu, lead: 'Comienza con', list: true },
  { pattern: /^(?:termina|acaba|termine)\s+(?:con|por)\s+/iu, lead: 'Termina con', list: true },
  { pattern: /^(?:начни|начните)\s+с\s+/iu, lead: 'Всё начинается с', list: true },
  { pattern: /^(?:ξεκίνα|ξεκινήστε|άρχισε)\s+με\s+/iu, lead: 'Ξεκινά με', list: true },
  {
    pattern:
      /^(?:(?:dann|danach|anschließend)\s+)?(?:zeige?|zeigen\s+sie|erkläre?|erklären\s+sie|beschreibe?)(?:\s+(?:mir|uns))?,?\s+/iu,
    list: true,
  },
  {
    pattern: /^(?:(?:luego|después)\s+)?(?:muestra|muestre|enseña|explica|explique|describe)(?:nos|me)?\s+/iu,
    list: true,
  },
  {
    pattern:
      /^(?:(?:puis|ensuite)\s+)?(?:montre|montrez|explique|expliquez|décris|décrivez)(?:-moi|-nous)?\s+/iu,
    list: true,
  },
  {
    pattern:
      /^(?:(?:потом|затем)\s+)?(?:покажи|покажите|расскажи|расскажите|объясни|объясните|опиши|опишите)\s+/iu,
    list: true,
  },
  {
    pattern: /^(?:(?:μετά|έπειτα)\s+)?(?:δείξε|δείξτε|εξήγησε|εξηγήστε|περίγραψε|περιγράψτε)\s+/iu,
    list: true,
  },
  // "Dann das Hochrad" → "Es folgt das Hochrad": a lead that leaves the noun phrase in the
  // nominative it already has.
  ...(
    [
      ['Dann|Danach|Anschließend|Zuletzt|Schließlich|Zum Schluss|Zuerst', 'Es folgt'],
      ['Luego|Después|Finalmente|Primero', 'Sigue'],
      ['Puis|Ensuite|Enfin', 'Vient ensuite'],
      ['Poi|Infine', 'Segue'],
      ['Depois', 'Segue-se'],
      ['Потом|Затем|Наконец|Сначала', 'Далее —'],
      ['Μετά|Έπειτα|Τέλος|Πρώτα', 'Ακολουθεί'],
    ] as const
  ).map(([then, nounLead]) => ({
    pattern: new RegExp(`^(?:${then})(?:,\\s+|\\s+${NOUN_AHEAD})`, 'u'),
    nounLead,
  })),
];

/** "and" and "or" for joining a list back together, by primary language subtag. */
export const LIST_WORDS: Record<string, { and: string; or: string }> = {
  en: { and: 'and', or: 'or' },
  de: { and: 'und', or: 'oder' },
  es: { and: 'y', or: 'o' },
  fr: { and: 'et', or: 'ou' },
  it: { and: 'e', or: 'o' },
  pt: { and: 'e', or: 'ou' },
  nl: { and: 'en', or: 'of' },
  ru: { and: 'и', or: 'или' },
  el: { and: 'και', or: 'ή' },
};
