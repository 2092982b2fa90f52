/**
 * The staff CSV export: the row of SPEC.md section 3, written so it opens
 * right in Excel and LibreOffice in every script (UTF-8 with BOM, CRLF) and
 * so no cell can run as a formula.
 */
import type { EnquiryRecord } from './enquiry';
import { formatKoreaDateTime } from './korea-time';

export const CSV_BOM = '\uFEFF';

export const CSV_COLUMNS = [
  'name',
  'phone',
  'email',
  'language',
  'section',
  'detail_section',
  'register_day',
  'register_END_day',
  'hotel',
  'count',
  'room_N',
] as const;

/** Characters that make a spreadsheet treat a cell as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: formula-looking text is prefixed with `'`, then the cell is quoted. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function csvLine(cells: readonly (string | number)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export function csvHeader(): string {
  return CSV_BOM + csvLine(CSV_COLUMNS);
}

export function enquiryCsvLine(record: EnquiryRecord): string {
  return csvLine([
    record.NAME,
    record.CONTACT_NUMBER,
    record.EMAIL,
    record.LANG_PREFERENCE,
    record.MEDICAL_SECTION,
    record.DETAIL_SECTION,
    record.REGISTRATION_DATE,
    record.REGISTRATION_END,
    record.HOTEL,
    record.NUMBER_PEOPLE,
    record.ROOM,
  ]);
}

/** `data_<timestamp>.csv`, the timestamp in Korea time so staff recognise it. */
export function exportFileName(now: Date | number): string {
  return `data_${formatKoreaDateTime(now).replace(/[-: ]/g, '')}.csv`;
}
