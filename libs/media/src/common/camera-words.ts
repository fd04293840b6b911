/**
 * The camera and light words of a scene's visual description: the planner adds them
 * (scripting/scene.visuals.ts), a reader of the description for its things leaves them out
 * (visualising/scene.reader.ts).
 */

export const SHOTS = [
  'wide establishing shot',
  'close-up',
  'seen from above',
  'slow pan',
  'detailed view',
  'medium shot',
  'low-angle view',
  'soft-focus shot',
];
export const LIGHTS = [
  'in warm golden light',
  'under a clear blue sky',
  'in soft morning light',
  'against a dark backdrop',
  'in bright natural light',
  'in cool evening light',
  'in gentle diffused light',
];
export const LONG_EXTRAS = [
  'with rich background detail and texture',
  'with gentle depth of field and fine detail',
  'with vivid colours and layered texture',
  'with layered foreground detail and depth',
];

// The shot and light in the script's language, so a German script's pictures read in German
// too; a language without a list gets the subject and nothing else (docs/decisions/0013-script-languages.md).
export const FOREIGN: Record<string, { shots: string[]; lights: string[] }> = {
  de: {
    shots: ['Totale', 'Nahaufnahme', 'von oben gesehen', 'langsamer Schwenk', 'Detailansicht', 'Halbtotale'],
    lights: [
      'in warmem goldenem Licht',
      'unter klarem blauem Himmel',
      'im weichen Morgenlicht',
      'vor dunklem Hintergrund',
      'im kühlen Abendlicht',
    ],
  },
  es: {
    shots: [
      'plano general',
      'primer plano',
      'vista desde arriba',
      'paneo lento',
      'vista de detalle',
      'plano medio',
    ],
    lights: [
      'con luz dorada y cálida',
      'bajo un cielo azul despejado',
      'con suave luz de la mañana',
      'sobre un fondo oscuro',
      'con la luz fresca de la tarde',
    ],
  },
  fr: {
    shots: ['plan large', 'gros plan', 'vu d’en haut', 'panoramique lent', 'vue de détail', 'plan moyen'],
    lights: [
      'dans une lumière dorée',
      'sous un ciel bleu clair',
      'dans la douce lumière du matin',
      'sur un fond sombre',
      'dans la lumière fraîche du soir',
    ],
  },
  it: {
    shots: ['campo lungo', 'primo piano', 'vista dall’alto', 'panoramica lenta', 'dettaglio', 'piano medio'],
    lights: [
      'in una calda luce dorata',
      'sotto un cielo azzurro',
      'nella luce tenue del mattino',
      'su uno sfondo scuro',
      'nella luce fresca della sera',
    ],
  },
  pt: {
    shots: [
      'plano geral',
      'close-up',
      'visto de cima',
      'panorâmica lenta',
      'vista de detalhe',
      'plano médio',
    ],
    lights: [
      'com luz dourada e quente',
      'sob um céu azul limpo',
      'na luz suave da manhã',
      'sobre um fundo escuro',
      'na luz fresca do fim da tarde',
    ],
  },
  ru: {
    shots: [
      'общий план',
      'крупный план',
      'вид сверху',
      'медленная панорама',
      'детальный вид',
      'средний план',
    ],
    lights: [
      'в тёплом золотом свете',
      'под ясным голубым небом',
      'в мягком утреннем свете',
      'на тёмном фоне',
      'в прохладном вечернем свете',
    ],
  },
  el: {
    shots: [
      'γενικό πλάνο',
      'κοντινό πλάνο',
      'θέα από ψηλά',
      'αργό πανοραμικό',
      'λεπτομέρεια',
      'μεσαίο πλάνο',
    ],
    lights: [
      'σε ζεστό χρυσό φως',
      'κάτω από καθαρό γαλάζιο ουρανό',
      'στο απαλό πρωινό φως',
      'σε σκούρο φόντο',
      'στο δροσερό βραδινό φως',
    ],
  },
};

/**
 * The camera and light phrases the planner adds to a description, in every language: they say how
 * a scene is shot, not what it shows ("under a clear blue sky" is no sky scene), so a reader of
 * the description for its things leaves them out.
 */
export function withoutCameraWords(description: string): string {
  let out = description;
  const phrases = [
    ...SHOTS,
    ...LIGHTS,
    ...LONG_EXTRAS,
    ...Object.values(FOREIGN).flatMap((f) => [...f.shots, ...f.lights]),
  ].sort((a, b) => b.length - a.length);
  for (const phrase of phrases) out = out.split(phrase).join(' ');
  return out;
}
