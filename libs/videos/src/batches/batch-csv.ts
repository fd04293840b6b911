import type { ValidationDetail } from '@vidgen/core';

/** Cells of a CSV text (RFC 4180: quoted fields, "" inside quotes, CRLF or LF); blank lines are skipped. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRecord = () => {
    record.push(field);
    if (!(record.length === 1 && record[0] === '')) records.push(record);
    record = [];
    field = '';
  };
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
    } else field += c;
  }
  if (field !== '' || record.length > 0) endRecord();
  return records;
}

export interface CsvRows {
  /** One per data line: the header's names with the line's cells. */
  rows: { variables: Record<string, string> }[];
  problems: ValidationDetail[];
  /** Variables of the template no column names: each row misses them, which is said once, here. */
  missingColumns: string[];
}

/**
 * A batch's rows from a CSV upload: a header row naming the template's variables, then one line
 * per video. Row `i` is the i-th line after the header (`["body", "rows", i, …]`).
 */
export function csvRows(text: string, variables: readonly string[], maxRows: number): CsvRows {
  const records = parseCsv(text);
  const header = (records[0] ?? []).map((h) => h.trim());
  const problems: ValidationDetail[] = [];
  if (header.length === 0) {
    return {
      rows: [],
      problems: [
        { loc: ['body', 'file'], msg: 'the CSV is empty: it needs a header row naming the variables' },
      ],
      missingColumns: [],
    };
  }
  const missingColumns = variables.filter((v) => !header.includes(v));
  for (const name of missingColumns) {
    problems.push({ loc: ['body', 'file', 'columns', name], msg: `the column ${name} is missing` });
  }
  for (const [i, name] of header.entries()) {
    if (!variables.includes(name)) {
      problems.push({
        loc: ['body', 'file', 'columns', name || i],
        msg: `the column ${name || `#${i + 1}`} names no variable of the template (${variables.join(', ') || 'none'})`,
      });
    } else if (header.indexOf(name) !== i) {
      problems.push({ loc: ['body', 'file', 'columns', name], msg: `the column ${name} appears twice` });
    }
  }
  const lines = records.slice(1);
  if (lines.length === 0)
    problems.push({ loc: ['body', 'file'], msg: 'the CSV has no rows after its header' });
  if (lines.length > maxRows) {
    problems.push({ loc: ['body', 'file'], msg: `the CSV has ${lines.length} rows: at most ${maxRows}` });
    return { rows: [], problems, missingColumns };
  }
  const rows = lines.map((cells, i) => {
    if (cells.length !== header.length) {
      problems.push({
        loc: ['body', 'rows', i],
        msg: `row ${i} (line ${i + 2}) has ${cells.length} fields; the header has ${header.length}`,
      });
    }
    const values: Record<string, string> = {};
    for (const [c, name] of header.entries()) {
      if (variables.includes(name) && c < cells.length) values[name] = cells[c]!;
    }
    return { variables: values };
  });
  return { rows, problems, missingColumns };
}
