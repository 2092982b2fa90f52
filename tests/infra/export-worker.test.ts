/**
 * The export worker in the template: its own function with Lambda's longest
 * time limit and a whole vCPU, a few of them at once at most, allowed to read the enquiries, keep its jobs
 * and write (never read or delete) the export files; started only by the
 * export route, asynchronously, never retried, its failed runs recorded in
 * the jobs' failure queue. The status route reads the jobs and signs links
 * to the files; the export route no longer touches the bucket.
 */
import { describe, expect, it } from 'vitest';
import { settingNamesFor } from '../../functions/platform/config';
import { backgroundDeclaration } from '../../functions/features';
import { EXPORT_STALL_MS } from '../../shared/exports/export-jobs';
import { WORKER_CONCURRENCY } from '../../infra/limits';
import { API_ROUTES } from '../../shared/routes';
import { WORKERS } from '../../shared/resources';
import { TABLES } from '../../shared/tables';
import { TRACING_PERMISSIONS, logicalId, permissionsOfRole, unbundledStackForFile } from './helpers';

const made = unbundledStackForFile();

const resources = () =>
  made.template.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, unknown> }>;
const worker = () => made.stack.workers.functions.exportWorker;
const propertiesOf = (id: string) => resources()[id]?.Properties ?? {};
const linesOf = (fn: { role?: unknown }) => [...permissionsOfRole(made.template, logicalId(fn.role as never))].sort();

describe('the export worker function', () => {
  it("runs for up to 15 minutes (Lambda's most) with 1,769 MiB (a whole vCPU), on the current runtime", () => {
    expect(backgroundDeclaration('exportWorker').sizing).toEqual({ memoryMiB: 1769, timeoutSeconds: 900 });
    expect(propertiesOf(logicalId(worker()))).toMatchObject({
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      MemorySize: 1769,
      Timeout: 900,
    });
  });

  it('runs a few at once at most (reserved concurrency, WORKER_CONCURRENCY in infra/limits.ts)', () => {
    expect(WORKER_CONCURRENCY.exportWorker).toBeGreaterThanOrEqual(1);
    expect(WORKER_CONCURRENCY.exportWorker).toBeLessThanOrEqual(5);
    expect(propertiesOf(logicalId(worker())).ReservedConcurrentExecutions).toBe(WORKER_CONCURRENCY.exportWorker);
  });

  it('has the variables of what it uses, and no secret: it signs nothing and answers no request', () => {
    const variables = (propertiesOf(logicalId(worker())).Environment as { Variables: Record<string, unknown> })
      .Variables;
    expect(Object.keys(variables).sort()).toEqual(
      [...settingNamesFor(WORKERS.exportWorker.uses), 'NODE_OPTIONS', 'LOG_LEVEL'].sort(),
    );
  });

  it('may read the enquiries, counters and tag index, keep its jobs, and only write export files (no read, no delete), nothing else', () => {
    const arn = (key: keyof typeof TABLES) => `<${logicalId(made.stack.data.tables[key])}.Arn>`;
    const exportsBucket = `<${logicalId(made.stack.data.buckets.exports)}.Arn>`;
    const expected = [
      ...['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'].map(
        (action) => `${action} ${arn('enquiries')}`,
      ),
      ...TABLES.enquiries.globalIndexes.map((index) => `dynamodb:Query ${arn('enquiries')}/index/${index.name}`),
      ...['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'].map(
        (action) => `${action} ${arn('counters')}`,
      ),
      // A tag's export reads which enquiries carry it.
      ...['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'].map(
        (action) => `${action} ${arn('enquiryTags')}`,
      ),
      ...['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:Query'].map(
        (action) => `${action} ${arn('exportJobs')}`,
      ),
      `s3:PutObject ${exportsBucket}/*`,
      `s3:AbortMultipartUpload ${exportsBucket}/*`,
      `logs:CreateLogStream <${logicalId(worker().logGroup)}.Arn>`,
      `logs:PutLogEvents <${logicalId(worker().logGroup)}.Arn>`,
      // The failure destination: Lambda sends a failed run with the function's role.
      ...['sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl'].map(
        (action) => `${action} <${logicalId(made.stack.jobs.failures)}.Arn>`,
      ),
      ...TRACING_PERMISSIONS,
    ].sort();
    expect(linesOf(worker())).toEqual(expected);
  });

  it('is never retried, drops an event older than the stall window, and records failed runs in the failure queue', () => {
    const configs = Object.values(resources()).filter(
      (resource) =>
        resource.Type === 'AWS::Lambda::EventInvokeConfig' &&
        JSON.stringify(resource.Properties.FunctionName) === JSON.stringify({ Ref: logicalId(worker()) }),
    );
    expect(configs).toHaveLength(1);
    expect(configs[0]?.Properties).toMatchObject({
      MaximumRetryAttempts: 0,
      MaximumEventAgeInSeconds: EXPORT_STALL_MS / 1000,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [logicalId(made.stack.jobs.failures), 'Arn'] } } },
    });
  });
});

describe('the routes around it', () => {
  it('lets only the export route start it (lambda:InvokeFunction on it alone), naming it in EXPORT_WORKER_FUNCTION', () => {
    const invoking = API_ROUTES.filter((route) =>
      linesOf(made.stack.api.functions[route.name]).some((line) => line.startsWith('lambda:')),
    ).map((route) => route.name);
    expect(invoking).toEqual(['exportCsv']);
    const exportCsv = made.stack.api.functions.exportCsv;
    expect(linesOf(exportCsv).filter((line) => line.startsWith('lambda:'))).toEqual([
      `lambda:InvokeFunction <${logicalId(worker())}.Arn>`,
    ]);
    const variables = (propertiesOf(logicalId(exportCsv)).Environment as { Variables: Record<string, unknown> })
      .Variables;
    expect(variables[WORKERS.exportWorker.envVar]).toEqual({ Ref: logicalId(worker()) });
    // Jobs and workers do not start workers.
    for (const fn of [...Object.values(made.stack.jobs.functions), worker()])
      expect(linesOf(fn).filter((line) => line.startsWith('lambda:'))).toEqual([]);
  });

  it('keeps the export route off the bucket, and lets the status route only read it (to check a file and sign its link)', () => {
    const exportsBucket = logicalId(made.stack.data.buckets.exports);
    expect(linesOf(made.stack.api.functions.exportCsv).filter((line) => line.includes(exportsBucket))).toEqual([]);
    expect(linesOf(made.stack.api.functions.exportStatus).filter((line) => line.includes(exportsBucket))).toEqual([
      `s3:GetObject <${exportsBucket}.Arn>/*`,
      `s3:ListBucket <${exportsBucket}.Arn>`,
    ]);
  });

  it("answers both routes well inside API Gateway's 29 s: the export route never waits for the rows", () => {
    for (const name of ['exportCsv', 'exportStatus'] as const)
      expect(propertiesOf(logicalId(made.stack.api.functions[name])).Timeout).toBeLessThanOrEqual(29);
  });

  it('expires export files and unfinished multipart uploads within a day', () => {
    expect(propertiesOf(logicalId(made.stack.data.buckets.exports)).LifecycleConfiguration).toEqual({
      Rules: [{ ExpirationInDays: 1, AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' }],
    });
  });

  it('keeps export jobs in a table of their own that forgets them (TTL on expiresAt)', () => {
    expect(propertiesOf(logicalId(made.stack.data.tables.exportJobs))).toMatchObject({
      KeySchema: [{ AttributeName: 'jobId', KeyType: 'HASH' }],
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
    });
  });
});
