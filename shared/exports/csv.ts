/**
 * The staff CSV export: the row of docs/contract.md, 'The CSV row', written so it opens
 * right in Excel and LibreOffice in every script (UTF-8 with BOM, CRLF) and
 * so no cell can run as a formula.
 */
import type { EnquiryRecord } from '../enquiries/enquiry';
import { formatKoreaDateTime } from '../korea-time';

export const CSV_BOM = '\uFEFF';

/** The eleven inherited columns (docs/contract.md, 'The CSV row'), in their order, then the additive ones. */
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
  'reference',
  'status',
  'owner',
  'contact_channel',
  'contact_account',
  'page_language',
  'message',
  'received_at',
] as const;

/** Characters that make a spreadsheet treat a cell as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: formula-looking text is prefixed with `'`, then the cell is quoted. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * A phone number, so that Excel and LibreOffice show it as typed: a number
 * such as `+82 10-1234-5678` or `01012345678` would otherwise be read as a
 * formula or lose its leading zero. Only a value made of digits, spaces and
 * `+ ( ) - .` is written as the text formula `="..."` (nothing in it can
 * close the string); anything else goes through the usual formula guard.
 */
export function phoneCell(value: string): string {
  if (/^[\d\s+().-]{1,40}$/.test(value) && /\d/.test(value)) return `"=""${value}"""`;
  return csvCell(value);
}

export function csvLine(cells: readonly (string | number)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The first line of any of the product's CSV files: the BOM, then the column names. */
export function csvHeaderOf(columns: readonly string[]): string {
  return CSV_BOM + csvLine(columns);
}

export function csvHeader(): string {
  return csvHeaderOf(CSV_COLUMNS);
}

/** The fields of an enquiry its CSV row is made from (an export reads only these). */
export type CsvEnquiry = Pick<
  EnquiryRecord,
  | 'NAME'
  | 'CONTACT_NUMBER'
  | 'EMAIL'
  | 'LANG_PREFERENCE'
  | 'MEDICAL_SECTION'
  | 'DETAIL_SECTION'
  | 'REGISTRATION_DATE'
  | 'REGISTRATION_END'
  | 'HOTEL'
  | 'NUMBER_PEOPLE'
  | 'ROOM'
  | 'REFERENCE'
  | 'STATUS'
  | 'OWNER'
  | 'CONTACT_CHANNEL'
  | 'CONTACT_ACCOUNT'
  | 'LOCALE'
  | 'CONTEXT'
  | 'RECEIVED_AT'
>;

export function enquiryCsvLine(record: CsvEnquiry): string {
  const cells = [
    csvCell(record.NAME),
    phoneCell(record.CONTACT_NUMBER),
    ...[
      record.EMAIL,
      record.LANG_PREFERENCE,
      record.MEDICAL_SECTION,
      record.DETAIL_SECTION,
      record.REGISTRATION_DATE,
      record.REGISTRATION_END,
      record.HOTEL,
      record.NUMBER_PEOPLE,
      record.ROOM,
      record.REFERENCE,
      record.STATUS ?? '',
      record.OWNER,
      record.CONTACT_CHANNEL ?? '',
    ].map(csvCell),
    record.CONTACT_CHANNEL === 'email' ? csvCell(record.CONTACT_ACCOUNT ?? '') : phoneCell(record.CONTACT_ACCOUNT ?? ''),
    csvCell(record.LOCALE),
    csvCell(record.CONTEXT),
    // Received, in Korea time like every other time staff see.
    csvCell(formatKoreaDateTime(Date.parse(record.RECEIVED_AT))),
  ];
  return `${cells.join(',')}\r\n`;
}

/** `data_<timestamp>.csv`, the timestamp in Korea time so staff recognise it. */
export function exportFileName(now: Date | number): string {
  return `data_${formatKoreaDateTime(now).replace(/[-: ]/g, '')}.csv`;
}
