/**
 * What a CSV export reads and writes: the export's reading of the enquiries,
 * the exports bucket, the job table and the worker that runs a job. Adapters
 * implement these ports; unit tests pass in-memory fakes.
 */
import type { EnquiryFilter } from '../../shared/enquiries/enquiry';
import { CSV_FIELDS } from '../../shared/exports/csv';
import type { ExportJobFailure, ExportJobState } from '../../shared/exports/export-jobs';
import type { ListSource, StoredEnquiry } from '../enquiries/ports';

/** What an export reads: any list but a reference search (`ListSource`, enquiries/ports.ts). */
export type ExportSource = Exclude<ListSource, { kind: 'reference' }>;

/** The stored fields a CSV column is read from: each of CSV_FIELDS but the reference, which is made from POST_INDEX. */
type CsvStoredField = Exclude<(typeof CSV_FIELDS)[number]['field'], 'REFERENCE'>;

/** The stored fields an export reads (enquiries/enquiry-record.ts turns them into a CSV row's fields): the CSV's, its number and the spam mark. */
export const EXPORTED_FIELDS: readonly (CsvStoredField | 'POST_INDEX' | 'SPAM')[] = [
  'POST_INDEX',
  'SPAM',
  ...CSV_FIELDS.map(({ field }) => field).filter((field): field is CsvStoredField => field !== 'REFERENCE'),
];

export type ExportedEnquiry = Pick<StoredEnquiry, (typeof EXPORTED_FIELDS)[number]>;

/**
 * The export's reading of the enquiries table, apart from EnquiryStore so
 * only the export route and worker carry it (every route that reads or
 * writes enquiries does not).
 */
export interface EnquiryExportReader {
  /**
   * Every enquiry of an export's source from `highest` down to `lowest` (list
   * sequences, or POST_INDEX in a work list), newest first, with only the
   * fields a CSV row needs.
   */
  exportRange(
    source: Exclude<ExportSource, { kind: 'tag' }>,
    highest: number,
    lowest: number,
  ): Promise<ExportedEnquiry[]>;
  /** The enquiries of these numbers that exist, newest first, with only the fields a CSV row needs. */
  exportItems(postIndexes: readonly number[]): Promise<ExportedEnquiry[]>;
}

export interface ExportStore {
  /** Streams the body to the private bucket. */
  upload(key: string, body: AsyncIterable<string> | Iterable<string>, fileName: string): Promise<void>;
  /** Download link, working for `expiresSeconds` (at least 1), that makes the browser save the file under `fileName`. */
  downloadUrl(key: string, fileName: string, expiresSeconds: number): Promise<string>;
  /** Whether a finished file is there (an erasure removes every export file). */
  exists(key: string): Promise<boolean>;
  /** Deletes every export file (they hold many visitors' data; an erasure leaves none behind). */
  removeAll(): Promise<number>;
}

/** A CSV export made in the background (shared/exports/export-jobs.ts has its states). */
export interface ExportJob {
  jobId: string;
  /** Who started it: the only one who may read it. */
  owner: string;
  filter: EnquiryFilter;
  fileName: string;
  status: ExportJobState;
  rowsTotal: number;
  rowsWritten: number;
  /** Epoch milliseconds: started, and the last sign of life (each progress report). */
  createdAt: number;
  updatedAt: number;
  /** Epoch seconds: the table's TTL. */
  expiresAt: number;
  /** When ready: the object in the export bucket, and when it was made (epoch milliseconds; its link is handed out for EXPORT_LINK_LIFETIME_MS after). */
  fileKey?: string;
  readyAt?: number;
  failure?: ExportJobFailure;
}

export type ExportJobChange = Partial<
  Pick<ExportJob, 'status' | 'rowsWritten' | 'rowsTotal' | 'updatedAt' | 'fileKey' | 'readyAt' | 'failure'>
>;

export interface ExportJobStore {
  create(job: ExportJob): Promise<void>;
  /** The job, or `undefined` when there is none or it has expired. */
  get(jobId: string): Promise<ExportJob | undefined>;
  /**
   * Changes a job only while it is still in `expected` state (and, when
   * given, still at `expectedUpdatedAt`), so a worker and a stall check never
   * both decide its end; `false` when it was not.
   */
  transition(
    jobId: string,
    expected: { status: ExportJobState; updatedAt?: number },
    change: ExportJobChange,
  ): Promise<boolean>;
  /**
   * Takes `owner`'s export lock for `jobId` until `expiresAt` (epoch seconds)
   * with one conditional write, which only succeeds while the owner holds no
   * lock, or one that has expired or been released: of two starts at once,
   * one gets it. `undefined` when taken; otherwise the job the lock names.
   */
  takeOwnerLock(owner: string, jobId: string, expiresAt: number): Promise<string | undefined>;
  /** Releases `owner`'s lock while it still names `jobId` (a later export's lock stays); nothing when it does not. */
  releaseOwnerLock(owner: string, jobId: string): Promise<void>;
}

/** Starts the export worker on a job and returns without waiting for it. */
export interface ExportWorker {
  start(jobId: string): Promise<void>;
}
