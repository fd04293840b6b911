import { describe, expect, it } from 'vitest';
import { endsWithPunctuation, segmentSentences } from './text';

describe('segmentSentences', () => {
  it('splits English prose and keeps titles, "e.g." and decimals inside their sentence', () => {
    expect(
      segmentSentences(
        'Dr. Smith built it in 1817. Then e.g. the hive. It cost 3.5 dollars! Why? J. R. Tolkien wrote.',
      ),
    ).toEqual([
      'Dr. Smith built it in 1817.',
      'Then e.g. the hive.',
      'It cost 3.5 dollars!',
      'Why?',
      'J. R. Tolkien wrote.',
    ]);
  });

  it('ends a sentence at a line break but joins hard-wrapped prose and numbered items', () => {
    expect(
      segmentSentences('Bread:\n- feed the starter\n- mix flour\nThe dough rests\nfor an hour.\n1. Bake it'),
    ).toEqual(['Bread:', '- feed the starter', '- mix flour', 'The dough rests for an hour.', '1. Bake it']);
  });

  it('separates sentences typed without a space after the full stop', () => {
    expect(segmentSentences('Start with cats.Then dogs.')).toEqual(['Start with cats.', 'Then dogs.']);
  });

  it('splits German, Greek, Russian and Japanese text in order', () => {
    expect(segmentSentences('Die Geschichte beginnt 1817. Dann kam z. B. das Hochrad.', 'de')).toEqual([
      'Die Geschichte beginnt 1817.',
      'Dann kam z. B. das Hochrad.',
    ]);
    expect(segmentSentences('Η ιστορία του ποδηλάτου. Ξεκινά το 1817.', 'el')).toEqual([
      'Η ιστορία του ποδηλάτου.',
      'Ξεκινά το 1817.',
    ]);
    expect(segmentSentences('История велосипеда. Всё началось в 1817 году.', 'ru')).toHaveLength(2);
    expect(segmentSentences('自転車の歴史。1817年に始まる。次にベロシペード！', 'ja')).toEqual([
      '自転車の歴史。',
      '1817年に始まる。',
      '次にベロシペード！',
    ]);
  });

  it('falls back to English rules for a malformed language tag and returns nothing for blank text', () => {
    expect(segmentSentences('One. Two.', 'not a language!')).toEqual(['One.', 'Two.']);
    expect(segmentSentences('  \n ')).toEqual([]);
  });
});

describe('endsWithPunctuation', () => {
  it('accepts Latin and CJK sentence ends, also before a closing quote', () => {
    for (const text of ['Done.', 'Why?', 'Go!', 'Wait…', '終わり。', '本当？', '"Done."', '「終わり。」'])
      expect(endsWithPunctuation(text)).toBe(true);
    for (const text of ['Done', 'Done,', 'Done:']) expect(endsWithPunctuation(text)).toBe(false);
  });

  it('accepts the Greek question mark in Greek text only', () => {
    expect(endsWithPunctuation('Γιατί είναι τόσο σημαντική;')).toBe(true);
    expect(endsWithPunctuation('Γιατί είναι τόσο σημαντική\u037e')).toBe(true);
    expect(endsWithPunctuation('Done;')).toBe(false);
  });
});
