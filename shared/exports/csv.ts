/**
 * The staff CSV export: the row of docs/contract.md, 'The CSV row', written so it opens
 * right in Excel and LibreOffice in every script (UTF-8 with BOM, CRLF) and
 * so no cell can run as a formula.
 */
import type { EnquiryRecord } from '../enquiries/enquiry';
import { formatKoreaDateTime } from '../korea-time';
import { HOTEL_SECTION } from '../enquiries/enums';
import { staffDateText } from '../intake/date-preference';

export const CSV_BOM = '\uFEFF';

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

/** A CSV column: its name, the record field its cell is read from, and how the cell is written (a plain cell, empty when the field is, unless said). */
interface CsvField {
  column: string;
  field: keyof EnquiryRecord;
  // The record as far as a cell looks beyond its own field (the account's cell reads the channel, the check-out's the section).
  cell?: (value: never, record: Pick<EnquiryRecord, 'CONTACT_CHANNEL' | 'MEDICAL_SECTION'>) => string;
}

const plainCell = (value: string | number | undefined) => csvCell(value ?? '');

/**
 * The enquiry CSV, defined once: each column in its order (the eleven
 * inherited of docs/contract.md, 'The CSV row', then the additive ones), the
 * record field it is read from and how its cell is written. The header, each
 * line and the fields an export reads (functions/exports/ports.ts) are made
 * from it, so a new column is one line here.
 */
export const CSV_FIELDS = [
  { column: 'name', field: 'NAME' },
  { column: 'phone', field: 'CONTACT_NUMBER', cell: (value: string) => phoneCell(value) },
  { column: 'email', field: 'EMAIL' },
  { column: 'language', field: 'LANG_PREFERENCE' },
  { column: 'section', field: 'MEDICAL_SECTION' },
  { column: 'detail_section', field: 'DETAIL_SECTION' },
  // An empty date says the visitor has no preference (a check-out too, for a hotel; no other section asks one).
  { column: 'register_day', field: 'REGISTRATION_DATE', cell: (value: string) => csvCell(staffDateText(value)) },
  {
    column: 'register_END_day',
    field: 'REGISTRATION_END',
    cell: (value: string, record) => csvCell(record.MEDICAL_SECTION === HOTEL_SECTION ? staffDateText(value) : value),
  },
  { column: 'hotel', field: 'HOTEL' },
  { column: 'count', field: 'NUMBER_PEOPLE' },
  { column: 'room_N', field: 'ROOM' },
  { column: 'reference', field: 'REFERENCE' },
  { column: 'status', field: 'STATUS' },
  { column: 'owner', field: 'OWNER' },
  { column: 'contact_channel', field: 'CONTACT_CHANNEL' },
  // An e-mail address as typed; any other account (a phone number, a messenger id) kept from turning into a number.
  {
    column: 'contact_account',
    field: 'CONTACT_ACCOUNT',
    cell: (value: string | undefined, record) =>
      record.CONTACT_CHANNEL === 'email' ? csvCell(value ?? '') : phoneCell(value ?? ''),
  },
  { column: 'page_language', field: 'LOCALE' },
  { column: 'message', field: 'CONTEXT' },
  // Received, in Korea time like every other time staff see.
  {
    column: 'received_at',
    field: 'RECEIVED_AT',
    cell: (value: string) => csvCell(formatKoreaDateTime(Date.parse(value))),
  },
  // Staff's tags, in the order added, in one cell (a tag holds no comma).
  { column: 'tags', field: 'TAGS', cell: (value: readonly string[] | undefined) => csvCell((value ?? []).join(', ')) },
] as const satisfies readonly CsvField[];

export const CSV_COLUMNS = CSV_FIELDS.map((field) => field.column);

/** The fields of an enquiry its CSV row is made from. */
export type CsvEnquiry = Pick<EnquiryRecord, (typeof CSV_FIELDS)[number]['field']>;

export function enquiryCsvLine(record: CsvEnquiry): string {
  const cells = CSV_FIELDS.map((field: CsvField) => {
    const value = record[field.field as keyof CsvEnquiry];
    return field.cell ? field.cell(value as never, record) : plainCell(value as string | number | undefined);
  });
  return `${cells.join(',')}\r\n`;
}

/** `data_<timestamp>.csv`, the timestamp in Korea time so staff recognise it. */
export function exportFileName(now: Date | number): string {
  return `data_${formatKoreaDateTime(now).replace(/[-: ]/g, '')}.csv`;
}
