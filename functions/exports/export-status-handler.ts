import { EXPORT_EXPIRED_MESSAGE } from '../../shared/exports/export-jobs';
import type { AppDeps } from '../deps';
import { ApiError } from '../platform/http/errors';
import { json } from '../platform/http/response';
import { type StaffAuthDeps, staffHandler } from '../accounts/staff-auth/staff';
import { readExportJob } from './export-jobs';

const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * `GET /api/export/{jobId}`: a background export's state and progress (rows
 * written of the total), and once it is ready a link to the file that works
 * for a few minutes, for an hour after the file was made (then 410
 * `expired`). Only the staff member who started the job may read it:
 * anyone else is told there is no such job, and the attempt is logged.
 */
export function makeExportStatusHandler(deps: StaffAuthDeps & Pick<AppDeps, 'exportJobs' | 'exports'>) {
  return staffHandler(deps, async ({ request, audit, staff }) => {
    const jobId = request.params['jobId'] ?? '';
    // Job ids are the UUIDs the starter gives (export-jobs.ts); anything else is refused before it reaches the table.
    if (!JOB_ID.test(jobId))
      throw new ApiError('invalid_input', 'The export id is not one this server gives.', {
        jobId: 'An export id as the export route returned it',
      });
    const reading = await readExportJob(deps, jobId, staff.email);
    if (reading.kind === 'none') {
      if (reading.someoneElses) await audit('auth.forbidden', `${request.method} ${request.path}`);
      throw new ApiError('not_found', 'No such export: it may have expired. Please start it again.');
    }
    if (reading.kind === 'expired') throw new ApiError('expired', EXPORT_EXPIRED_MESSAGE);
    const { view, job } = reading;
    // Handing out the link is the export, recorded as a direct one is (the polls before it are not).
    if (view.url) await audit('enquiry.export', JSON.stringify({ ...job.filter, rows: job.rowsWritten, job: jobId }));
    return json(200, view);
  });
}
