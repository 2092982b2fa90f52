/**
 * In-memory fakes of the exports bucket, the export jobs and the worker,
 * beside their ports, for the unit tests. They follow the semantics of the
 * DynamoDB and S3 adapters.
 */
import type { Clock } from '../platform/ports';
import type { ExportJob, ExportJobChange, ExportJobStore, ExportStore, ExportWorker } from './ports';
import type { ExportJobState } from '../../shared/exports/export-jobs';

export class FakeExportStore implements ExportStore {
  readonly files = new Map<string, { body: string; fileName: string }>();
  /** Set to make the bucket refuse an upload once this many characters have arrived (as S3 refusing a part mid-export). */
  refuseAfterChars: number | undefined;
  async upload(key: string, body: AsyncIterable<string> | Iterable<string>, fileName: string): Promise<void> {
    let text = '';
    for await (const chunk of body) {
      text += chunk;
      if (this.refuseAfterChars !== undefined && text.length > this.refuseAfterChars) {
        throw Object.assign(new Error('Access Denied'), { name: 'AccessDenied' });
      }
    }
    // Like a multipart upload, the object appears only once it is complete.
    this.files.set(key, { body: text, fileName });
  }
  async exists(key: string): Promise<boolean> {
    return this.files.has(key);
  }
  async removeAll(): Promise<number> {
    const count = this.files.size;
    this.files.clear();
    return count;
  }
  async downloadUrl(key: string, fileName: string, expiresSeconds: number): Promise<string> {
    return `https://exports.example.invalid/${key}?name=${encodeURIComponent(fileName)}&expires=${expiresSeconds}`;
  }
}

export class FakeExportJobStore implements ExportJobStore {
  readonly jobs = new Map<string, ExportJob>();
  /** Each staff member's export lock: the job it names and until when (epoch seconds). */
  readonly ownerLocks = new Map<string, { jobId: string; expiresAt: number }>();
  constructor(private readonly clock: Clock) {}
  async create(job: ExportJob): Promise<void> {
    if (this.jobs.has(job.jobId))
      throw Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });
    this.jobs.set(job.jobId, structuredClone(job));
  }
  async get(jobId: string): Promise<ExportJob | undefined> {
    const job = this.jobs.get(jobId);
    return job && job.expiresAt > this.clock.now() / 1000 ? structuredClone(job) : undefined;
  }
  async transition(
    jobId: string,
    expected: { status: ExportJobState; updatedAt?: number },
    change: ExportJobChange,
  ): Promise<boolean> {
    const job = this.jobs.get(jobId);
    if (
      !job ||
      job.status !== expected.status ||
      (expected.updatedAt !== undefined && job.updatedAt !== expected.updatedAt)
    )
      return false;
    for (const [field, value] of Object.entries(change))
      if (value !== undefined) (job as unknown as Record<string, unknown>)[field] = value;
    return true;
  }
  async takeOwnerLock(owner: string, jobId: string, expiresAt: number): Promise<string | undefined> {
    const held = this.ownerLocks.get(owner);
    if (held && held.expiresAt > this.clock.now() / 1000) return held.jobId;
    this.ownerLocks.set(owner, { jobId, expiresAt });
    return undefined;
  }
  async releaseOwnerLock(owner: string, jobId: string): Promise<void> {
    const held = this.ownerLocks.get(owner);
    // Released as the adapter does: it expires now.
    if (held?.jobId === jobId) held.expiresAt = Math.floor(this.clock.now() / 1000);
  }
}

/** Remembers the jobs it was asked to start; a test runs them (runExportJob) when it wants to. */
export class FakeExportWorker implements ExportWorker {
  readonly started: string[] = [];
  /** Set to make starting the worker fail (Lambda refusing the invocation). */
  refuse: Error | undefined;
  async start(jobId: string): Promise<void> {
    if (this.refuse) throw this.refuse;
    this.started.push(jobId);
  }
}
