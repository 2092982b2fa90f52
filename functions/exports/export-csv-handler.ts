import { exportFileName } from '../../shared/exports/csv';
import { EXPORT_UNDER_WAY_MESSAGE, type ExportUnderWayBody } from '../../shared/exports/export-jobs';
import { enquiryFilterSchema } from '../../shared/enquiries/enquiry';
import { apiPath } from '../../shared/routes';
import type { AppDeps } from '../deps';
import { ApiError, parseInput } from '../platform/http/errors';
import { NO_STORE, type ApiResponse, json } from '../platform/http/response';
import { type StaffAuthDeps, staffHandler } from '../accounts/staff-auth/staff';
import { ExportUnderWay, jobView, startExportJob } from './export-jobs';
import type { ExportJob } from './ports';
import { type ExportPlan, type ExportReadingDeps, exportCsvChunks, planExport } from './export-reading';

/**
 * No CSV row is shorter than this (nineteen quoted cells, a reference, a
 * status and a time), so a filter holding more than
 * EXPORT_INLINE_MAX_BYTES / SHORTEST_ROW_BYTES rows goes to the worker unread.
 */
const SHORTEST_ROW_BYTES = 100;

/**
 * `GET /api/export.csv?section=&from=&to=` (or `status=&owner=`, or `tag=`): the CSV of
 * the filtered enquiries. One of at most `EXPORT_INLINE_MAX_BYTES` is
 * answered at once. A larger one becomes a job for the export worker, which
 * writes it to the export bucket: the route answers 202 with the job (its
 * progress at `Location`, `GET /api/export/{jobId}`), so it never waits for
 * the rows, however many there are. A staff member has one job at a time:
 * while theirs is queued or running, a new one is refused with 409 naming
 * it (the export lock, export-jobs.ts). The route reads at most
 * EXPORT_INLINE_MAX_BYTES of rows itself (a second or so), far inside API
 * Gateway's 29 s.
 */
export function makeExportCsvHandler(
  deps: StaffAuthDeps & ExportReadingDeps & Pick<AppDeps, 'exportJobs' | 'exportWorker'>,
) {
  const { settings, clock } = deps;
  return staffHandler(deps, async ({ request, audit, staff }) => {
    const filter = parseInput(enquiryFilterSchema, request.query);
    const fileName = exportFileName(clock.now());
    const plan = await planExport(deps, filter, staff.email);

    const small =
      plan.total * SHORTEST_ROW_BYTES <= settings.EXPORT_INLINE_MAX_BYTES
        ? await csvWithin(deps, plan, settings.EXPORT_INLINE_MAX_BYTES)
        : undefined;
    if (small) {
      await audit('enquiry.export', JSON.stringify({ ...filter, rows: small.rows }));
      return csvResponse(small.text, fileName);
    }

    let job: ExportJob;
    try {
      job = await startExportJob(deps, { filter, owner: staff.email, fileName, rowsTotal: plan.total });
    } catch (error) {
      if (error instanceof ExportUnderWay) return underWayResponse(error.jobId);
      throw new ApiError(
        'service_unavailable',
        `The export could not be started (${error instanceof Error ? error.name : 'error'}); please try again.`,
      );
    }
    // Nothing has left yet: the access log records the export when the status route hands out the file.
    return json(202, jobView(job), { Location: apiPath('exportStatus', { jobId: job.jobId }) });
  });
}

/** 409: the staff member's earlier export is still queued or running; the page follows it (at `Location`) instead. */
function underWayResponse(jobId: string): ApiResponse {
  const body: ExportUnderWayBody = { error: 'conflict', message: EXPORT_UNDER_WAY_MESSAGE, jobId };
  return json(409, body, { Location: apiPath('exportStatus', { jobId }) });
}

/** The whole CSV, or `undefined` as soon as it grows past `maxBytes`. */
async function csvWithin(
  reading: ExportReadingDeps,
  plan: ExportPlan,
  maxBytes: number,
): Promise<{ text: string; rows: number } | undefined> {
  let text = '';
  let bytes = 0;
  let rows = 0;
  for await (const chunk of exportCsvChunks(reading, plan)) {
    bytes += Buffer.byteLength(chunk.text);
    if (bytes > maxBytes) return undefined;
    text += chunk.text;
    rows += chunk.rows;
  }
  return { text, rows };
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
