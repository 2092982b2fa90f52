/**
 * Reads what the export writes back as cells, with an independent parser
 * (csv-parse), so a bug in the project's own CSV writer cannot hide behind a
 * reader that shares it: RFC 4180 quoting, CRLF records, a bare LF kept inside
 * a cell, every row as wide as the header. The BOM is left in place for the
 * tests that check it.
 */
import { parse } from 'csv-parse/sync';

export function parseCsv(text: string): string[][] {
  return parse(text, {
    bom: false,
    record_delimiter: '\r\n',
    relax_column_count: false,
    skip_empty_lines: false,
  }) as string[][];
}
