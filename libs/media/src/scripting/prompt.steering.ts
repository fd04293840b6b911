import { FOREIGN_PREFIXES, META_OTHER } from './steering.languages';

/**
 * The words a prompt uses to steer the video rather than to say something: "A short
 * documentary about…", "Start with…", "Then…", "Show…", "Keep it under a minute". The planner
 * strips them so what is left is the prompt's own content. English here; other languages in
 * steering.languages.ts, whose leads keep the case the prompt gave ("Es beginnt mit dem Laufrad").
 */

/** How a clause is introduced in the narration; `lead` is the wording for a start or an end. */
export interface Cue {
  lead?: string;
  /**
   * A lead that makes a bare noun phrase a sentence ("Next comes the velocipede."), said only
   * when the rest has no verb of its own ("Then the bicycle changed…" stays as it is).
   */
  nounLead?: string;
  /** A steering word was stripped: what is left is a statement even if the prompt asked it. */
  steered: boolean;
  /** The rest names things to show ("Show the hive, the flowers and the beekeeper"). */
  list: boolean;
}

const VIDEO_WORDS =
  'video|explainer|clip|film|movie|documentary|presentation|tutorial|ad|advert|commercial|reel|overview|introduction|intro|guide';

// "Can you make me a short 60-second documentary about" → the rest is the video's subject.
const META = new RegExp(
  '^(?:please\\s+)?(?:(?:can|could|would|will)\\s+you\\s+(?:please\\s+)?)?' +
    "(?:i(?:'d|\\s+would)?\\s+(?:like|want|need)\\s+)?" +
    '(?:(?:make|create|generate|produce|write|build|do|give)\\s+(?:me\\s+|us\\s+)?)?(?:an?\\s+|the\\s+)?' +
    '(?:(?:short|quick|brief|long|simple|fun|funny|engaging|educational|\\d+[- ]?(?:second|minute|scene)s?)[\\s,]+)*' +
    `(?:${VIDEO_WORDS})\\s+(?:for\\s+(?:kids|children|beginners|students|teens|adults|everyone)\\s+)?` +
    '(?:about|on|of|for|to|explaining|showing|describing|covering|introducing|listing|giving|sharing|with|that\\s+(?:explains|shows|lists|gives))\\s+',
  'i',
);
/**
 * The video's subject when the sentence only asks for a video about it, else undefined; outside
 * English also the preposition that governs it ("über", "о", "για").
 */
export function metaTopic(sentence: string): { subject: string; preposition?: string } | undefined {
  const english = META.exec(sentence);
  if (english) return { subject: sentence.slice(english[0].length).trim() };
  for (const pattern of META_OTHER) {
    const match = pattern.exec(sentence);
    if (match)
      return { subject: sentence.slice(match[0].length).trim(), preposition: match[1]!.toLowerCase() };
  }
  return undefined;
}

// Instructions about the video's form, not its content: dropped whole.
const STYLE = [
  /^(?:keep|make)\s+(?:it|this|the\s+(?:video|script|narration|tone|whole\s+thing))\b/i,
  /^(?:use|with|in)\s+(?:an?\s+)?[\w\s-]*\b(?:tone|voice|style|music|soundtrack|pace|font|colou?rs?)\b/i,
  /^(?:the\s+)?(?:tone|style|voice|pace|music|audience|target\s+audience|length|duration)\s*(?::|should|must|is)\b/i,
  /^(?:no|without)\s+(?:music|text|captions|subtitles|narrator)\b/i,
  /^(?:it\s+)?should\s+(?:be|last|take|feel|sound)\b/i,
  /^(?:under|about|around|max(?:imum)?|at\s+most)\s+\d+\s*(?:seconds?|minutes?|s|min)\b/i,
];

export function isStyleNote(clause: string): boolean {
  return STYLE.some((pattern) => pattern.test(clause));
}

const ACTION =
  '(?:showing|explaining|describing|introducing|looking\\s+at|talking\\s+about|mentioning|covering)\\s+';
// Each entry strips one steering prefix; applied repeatedly ("Please also start by showing…").
const PREFIXES: {
  pattern: RegExp;
  lead?: string;
  nounLead?: string;
  list?: boolean;
  steered?: boolean;
  /** What is left is a clause of its own ("show that the queen lays eggs"), never a noun phrase. */
  clause?: boolean;
}[] = [
  { pattern: /^(?:please|also|ok(?:ay)?|now)\b,?\s+/i, steered: false },
  { pattern: /^(?:can|could|would|will)\s+you\s+(?:please\s+)?/i },
  {
    pattern:
      /^(?:i(?:'d|\s+would)?\s+(?:like|want|need)(?:\s+you)?(?:\s+to)?(?:\s+see)?|we(?:'d|\s+would)?\s+(?:like|want|need)(?:\s+to)?(?:\s+see)?|let'?s\s+(?:see|look\s+at)|make\s+sure\s+(?:to|you)|(?:don'?t\s+forget|be\s+sure|remember|try)(?:\s+to)?)\s+/i,
  },
  {
    pattern: new RegExp(
      `^(?:start|begin|open|kick\\s+off|lead)(?:\\s+off|\\s+things\\s+off)?(?:\\s+the\\s+(?:video|story))?\\s+(?:with|on|by)\\s+(?:${ACTION})?`,
      'i',
    ),
    lead: 'It begins with',
    // The items after the first of a list it starts ("the draisine, the velocipede and…").
    nounLead: 'Next comes',
    list: true,
  },
  {
    pattern: new RegExp(
      `^(?:end|finish|close|wrap\\s+up|conclude|round\\s+off)(?:\\s+off|\\s+up)?(?:\\s+the\\s+(?:video|story))?\\s+(?:with|on|by)\\s+(?:${ACTION})?`,
      'i',
    ),
    lead: 'It ends with',
    nounLead: 'Next comes',
    list: true,
  },
  ...FOREIGN_PREFIXES,
  // "Then it split in two" is narrative; "Then the velocipede" steers. No `i` flag: with it, \p{Lu}
  // would match lower-case letters too.
  {
    pattern:
      /^(?:[Tt]hen|[Nn]ext|[Aa]fterwards|[Ll]ater|[Ff]inally|[Ll]astly|[Aa]fter that)(?:,\s+|\s+(?=(?:[Tt]he|[Aa]n?|[Ii]ts|[Hh]is|[Hh]er|[Tt]heir|[Oo]ur)\s|[\p{Lu}\p{N}]))/u,
    nounLead: 'Next comes',
  },
  {
    pattern:
      /^(?:first(?:ly)?|second(?:ly)?|third(?:ly)?|to\s+(?:start|begin|finish|end)|in\s+the\s+end|at\s+the\s+end),\s+/i,
  },
  {
    pattern:
      /^(?:show(?:ing)?|include|mention|explain|describe|feature|highlight|cover|add|depict|illustrate|present|introduce|display|focus\s+on|talk\s+about|discuss|tell\s+(?:me\s+|us\s+|viewers\s+|people\s+)?(?:about|the\s+story\s+of)|look\s+at|cut\s+to|zoom\s+(?:in\s+|out\s+)?(?:on|to)|pan\s+(?:across|over|to)|fade\s+(?:in\s+|out\s+)?to|give\s+(?:an?\s+)?(?:overview|introduction|intro)\s+(?:of|to))(?:\s+(?:me|us|viewers|people|the\s+viewers?|the\s+audience))?\s+/i,
    list: true,
    nounLead: 'Here we see',
  },
  // What a steering verb leaves in front of the content: "show that the…", "add more about…".
  { pattern: /^that\s+(?=(?:the|a|an|it|they|he|she|we|there)\s)/i, clause: true },
  {
    pattern:
      /^(?:(?:some(?:thing)?|a\s+(?:bit|little|section|scene|part)|more|details?)\s+(?:about|on)|an?\s+(?:shot|view|close-up|picture|image)\s+of|(?:footage|images|pictures)\s+of)\s+/i,
  },
];

const AUDIENCE =
  /\s+(?:to|for)\s+(?:an?\s+)?(?:\d+[- ]?years?[- ]?olds?|kids|children|beginners|students|teens|dummies|non-experts|everyone)$/i;
const WH_START = /^(?:how|why|what|when|where|who|whether|which|that)\b/i;

/** Strips steering prefixes from the start of a clause; the cue says how the rest is introduced. */
export function stripSteering(clause: string): { text: string; cue: Cue } {
  let text = clause;
  const cue: Cue = { steered: false, list: false };
  for (let round = 0; round < 6; round++) {
    const prefix = PREFIXES.find((p) => p.pattern.test(text));
    if (!prefix) break;
    const rest = text.replace(prefix.pattern, '');
    if (rest.trim() === '') break;
    text = rest;
    if (prefix.steered !== false) cue.steered = true;
    if (prefix.lead) cue.lead = prefix.lead;
    if (prefix.nounLead) cue.nounLead = prefix.nounLead;
    if (prefix.clause) cue.nounLead = undefined;
    if (prefix.list) cue.list = true;
  }
  // "Explain how bees make honey" leaves a clause, not a list of things, and a clause that
  // still needs a lead to be a sentence: "Here we see how a rainbow forms", not "How a rainbow forms."
  if (WH_START.test(text)) {
    cue.list = false;
    if (cue.steered && cue.nounLead === 'Here we see') cue.lead = cue.nounLead;
  }
  // "…to a 10-year-old", "…for beginners" says who watches, not what is shown.
  if (cue.steered) text = text.replace(AUDIENCE, '') || text;
  return { text, cue };
}

/**
 * What joins a clause to the one before it — "and", "then", an inline list number ("2. ") —
 * dropped when the clause stands alone; "then it fell" keeps its "then", as narrative.
 */
export const LEADING_CONJUNCTION =
  /^(?:\d{1,2}[.)]\s+)?(?:(?:and|or|&)\s+)?(?:then\s+(?!(?:it|he|she|they|we|i|you|there)\b))?/i;
