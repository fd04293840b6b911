import { describe, expect, it } from 'vitest';
import { fillPlaceholders, variableProblems, variablesOf } from './template-placeholders';

const request = {
  prompt: 'Meet {{product}} for {{price}}',
  aspect_ratio: '9:16 {{not_a_field}}',
  scenes: [
    { narration: '{{product}} is here', visual_description: 'A {{colour}} {{product}}' },
    { narration: 'Only {{price}}' },
  ],
};

describe('template placeholders', () => {
  it('lists the variables of prompt, narration and visual description, sorted and unique', () => {
    expect(variablesOf(request)).toEqual(['colour', 'price', 'product']);
  });

  it('reads no placeholder outside those fields and no malformed one', () => {
    expect(variablesOf({ prompt: '{{ spaced }} {{a-b}} {x} {{ok_1}}', voice: '{{voice}}' })).toEqual([
      'ok_1',
    ]);
  });

  it('fills each placeholder with its value in every field that may hold one', () => {
    const filled = fillPlaceholders(request, { product: 'Trail shoe', price: '89 EUR', colour: 'red' });
    expect(filled).toEqual({
      prompt: 'Meet Trail shoe for 89 EUR',
      aspect_ratio: '9:16 {{not_a_field}}',
      scenes: [
        { narration: 'Trail shoe is here', visual_description: 'A red Trail shoe' },
        { narration: 'Only 89 EUR' },
      ],
    });
    expect(request.prompt).toBe('Meet {{product}} for {{price}}');
  });

  it('never reads a value for placeholders: a value holding {{price}} stays literal', () => {
    const filled = fillPlaceholders(request, { product: '{{price}}', price: '$5', colour: '{{colour}}' });
    expect(filled.prompt).toBe('Meet {{price}} for $5');
    expect((filled.scenes as { visual_description?: string }[])[0]!.visual_description).toBe(
      'A {{colour}} {{price}}',
    );
  });

  it('names each missing and each unknown variable, and each value that is not short plain text', () => {
    const problems = variableProblems(['price', 'product'], { product: 'x', size: 'L', colour: 'red' });
    expect(problems.map((p) => p.name)).toEqual(['price', 'size', 'colour']);
    expect(variableProblems(['a', 'b'], { a: 5, b: 'x'.repeat(501) }).map((p) => p.msg)).toEqual([
      'variable a must be a string',
      'variable b must be at most 500 characters',
    ]);
    expect(variableProblems(['a'], { a: 'x'.repeat(500) })).toEqual([]);
  });
});
