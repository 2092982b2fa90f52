/** What the export worker needs: the job's start and end (export-jobs.ts) and its run (export-job-run.ts) both name it, so it lives below them. */
import type { AppDeps } from '../deps';
import type { ExportReadingDeps } from './export-reading';

export type ExportWorkerDeps = ExportReadingDeps & Pick<AppDeps, 'exportJobs' | 'exports' | 'clock' | 'log'>;
