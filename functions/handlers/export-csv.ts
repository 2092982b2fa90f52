import { randomUUID } from 'node:crypto';
import { csvHeader, enquiryCsvLine, exportFileName } from '../../shared/csv';
import { type EnquiryRecord, enquiryFilterSchema } from '../../shared/enquiry';
import type { AppDeps } from '../deps';
import { parseInput } from '../http/errors';
import { NO_STORE, type ApiResponse, json, redirect } from '../http/response';
import { type StaffAuthDeps, staffHandler } from '../http/staff';
import { readAllEnquiries } from '../services/enquiry-reading';

const DOWNLOAD_WINDOW_SECONDS = 5 * 60;

/**
 * `GET /api/export.csv?section=&from=&to=`: the CSV of the filtered enquiries.
 * A small export is answered directly. A Lambda answer is capped at 6 MB, so
 * past `EXPORT_INLINE_MAX_BYTES` the rows stream to the private export bucket
 * and the route redirects to a short-lived download link (or, asked with
 * `Accept: application/json`, answers `{ url, fileName }`).
 */
export function makeExportCsvHandler(deps: StaffAuthDeps & Pick<AppDeps, 'enquiries' | 'counters' | 'exports'>) {
  const reading = { enquiries: deps.enquiries, counters: deps.counters };
  const { exports, settings, clock } = deps;
  return staffHandler(deps, async ({ request, audit, staff }) => {
    const filter = parseInput(enquiryFilterSchema, request.query);
    const fileName = exportFileName(clock.now());
    const rows = readAllEnquiries(reading, filter, 500, staff.email)[Symbol.asyncIterator]();

    // Read rows until the export is known to be small, or too big to answer directly.
    const buffered: string[] = [csvHeader()];
    let bufferedBytes = Buffer.byteLength(buffered[0] ?? '');
    let count = 0;
    let next = await rows.next();
    while (!next.done && bufferedBytes <= settings.EXPORT_INLINE_MAX_BYTES) {
      const line = enquiryCsvLine(next.value);
      buffered.push(line);
      bufferedBytes += Buffer.byteLength(line);
      count += 1;
      next = await rows.next();
    }

    if (next.done) {
      await audit('enquiry.export', JSON.stringify({ ...filter, rows: count }));
      return csvResponse(buffered.join(''), fileName);
    }

    let row: IteratorResult<EnquiryRecord> = next;
    async function* lines() {
      yield* buffered.splice(0);
      for (; !row.done; row = await rows.next()) {
        count += 1;
        yield enquiryCsvLine(row.value);
      }
    }
    const key = `exports/${randomUUID()}/${fileName}`;
    await exports.upload(key, lines(), fileName);
    await audit('enquiry.export', JSON.stringify({ ...filter, rows: count, via: 'bucket' }));
    const url = await exports.downloadUrl(key, fileName, DOWNLOAD_WINDOW_SECONDS);
    // A script that sends its token cannot follow a redirect to S3 (the signed URL is the only
    // credential S3 accepts), so it may ask for the link as JSON instead.
    if ((request.headers['accept'] ?? '').includes('application/json')) return json(200, { url, fileName });
    return redirect(303, url);
  });
}

function csvResponse(body: string, fileName: string): ApiResponse {
  return {
    statusCode: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      ...NO_STORE,
    },
    body,
  };
}
