import { describe, expect, it } from 'vitest';
import { csvRows, parseCsv } from './batch-csv';

describe('batch CSV', () => {
  it('reads quoted fields, doubled quotes, commas and line breaks inside quotes, CRLF and a BOM', () => {
    expect(parseCsv('\ufeffa,b\r\n"x, y","say ""hi"""\n"two\nlines",\n\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['two\nlines', ''],
    ]);
    expect(parseCsv('a,b')).toEqual([['a', 'b']]);
  });

  it('maps each line to the variables its header names, in any column order', () => {
    const { rows, problems } = csvRows('price,product\n9,Hat\n12,Shoe\n', ['price', 'product'], 500);
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      { variables: { price: '9', product: 'Hat' } },
      { variables: { price: '12', product: 'Shoe' } },
    ]);
  });

  it('names a missing column once, an unknown or repeated column, and a line with the wrong number of fields', () => {
    const { problems, missingColumns } = csvRows(
      'product,size,product\nHat,L,Hat\nShoe\n',
      ['price', 'product'],
      500,
    );
    expect(missingColumns).toEqual(['price']);
    expect(problems.map((p) => p.loc)).toEqual([
      ['body', 'file', 'columns', 'price'],
      ['body', 'file', 'columns', 'size'],
      ['body', 'file', 'columns', 'product'],
      ['body', 'rows', 1],
    ]);
  });

  it('refuses an empty file, a header alone and more rows than the limit', () => {
    expect(csvRows('', ['a'], 500).problems.map((p) => p.loc)).toEqual([['body', 'file']]);
    expect(csvRows('a\n', ['a'], 500).problems.map((p) => p.msg)).toEqual([
      'the CSV has no rows after its header',
    ]);
    const many = csvRows(`a\n${'x\n'.repeat(3)}`, ['a'], 2);
    expect(many.problems.map((p) => p.msg)).toEqual(['the CSV has 3 rows: at most 2']);
    expect(many.rows).toEqual([]);
  });
});
