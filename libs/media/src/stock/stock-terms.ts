const STOP = new Set(
  'a an the of and or in on at to with from by for into over under near its their his her this that these those is are was were be being been as while who which whose there here some very'.split(
    ' ',
  ),
);

/**
 * Search words from a scene's visual description: stock searches match a few nouns and
 * adjectives, not a sentence, so the function words go and at most six words remain.
 */
export function searchTerms(description: string): string {
  const words = description
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 1 && !STOP.has(w));
  return words.slice(0, 6).join(' ');
}
