/**
 * The dashboard in the template: its aggregates table, written only by what
 * keeps the figures (send, work, reply, and an erasure or the retention job
 * taking removed enquiries out of the open counts: UpdateItem and PutItem,
 * never a delete or a scan) and read only by the two dashboard routes.
 */
import type { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION } from '../../shared/privacy/retention';
import type { MedicalTourismStack } from '../../infra/stack';
import { API_ROUTES } from '../../shared/routes';
import { logicalId, permissionsOfRole, removeTemporaryDirs, stageTemplate, testApp } from './helpers';

let stack: MedicalTourismStack;
let template: Template;

beforeAll(() => {
  ({ stack } = testApp({}, { bundle: false }));
  template = stageTemplate(stack);
}, 300_000);
afterAll(removeTemporaryDirs);

describe('the aggregates table', () => {
  it('is an on-demand table keyed by `key`, with point-in-time recovery and no TTL (daily figures are kept for monthly reports)', () => {
    const table = template.toJSON().Resources[logicalId(stack.data.tables.aggregates)] as {
      Properties: Record<string, unknown>;
    };
    expect(table.Properties).toMatchObject({
      KeySchema: [{ AttributeName: 'key', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'key', AttributeType: 'S' }],
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: {
        PointInTimeRecoveryEnabled: true,
        RecoveryPeriodInDays: RETENTION.backupDays,
      },
    });
    expect(table.Properties.TimeToLiveSpecification).toBeUndefined();
    expect(table.Properties.GlobalSecondaryIndexes).toBeUndefined();
  });

  it("is written by sendmail, work, reply, a visitor's message (a kept mail attached included), an erasure and the retention job, a merge, its undo and a split, suspected spam marked genuine, read by the dashboard routes, and touched by no other function", () => {
    const arn = `<${logicalId(stack.data.tables.aggregates)}.Arn>`;
    const grants = Object.fromEntries(
      API_ROUTES.map((route) => {
        const role = stack.api.functions[route.name].role;
        const lines = role ? [...permissionsOfRole(template, logicalId(role))] : [];
        return [
          route.name,
          lines
            .filter((line) => line.endsWith(` ${arn}`))
            .map((line) => line.split(' ')[0])
            .sort(),
        ];
      }),
    );
    const writers = ['dynamodb:PutItem', 'dynamodb:UpdateItem'];
    const readers = ['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:Query'];
    expect(Object.fromEntries(Object.entries(grants).filter(([, actions]) => actions.length > 0))).toEqual({
      sendmail: writers,
      work: writers,
      reply: writers,
      // The enquiry reacts to a visitor's message: a reply to it is timed from it (work/visitor-wrote.ts).
      visitorMessage: writers,
      // A kept mail a staff member attached to an enquiry, as a visitor's message by mail.
      attachKeptMail: writers,
      dashboard: readers,
      dashboardCsv: readers,
      subjectErase: writers,
      // A merged pair counts as one enquiry, an undo as two again, a message split out as a new one.
      mergeEnquiry: writers,
      unmergeEnquiry: writers,
      splitMessage: writers,
      // Suspected spam marked genuine is counted as the new enquiry it then is.
      markGenuine: writers,
    });
    const jobs = Object.fromEntries(
      Object.entries(stack.jobs.functions).map(([name, fn]) => [
        name,
        [...permissionsOfRole(template, logicalId(fn.role!))]
          .filter((line) => line.endsWith(` ${arn}`))
          .map((line) => line.split(' ')[0])
          .sort(),
      ]),
    );
    expect(jobs).toEqual({ retryMail: [], translate: [], retention: ['dynamodb:PutItem', 'dynamodb:UpdateItem'] });
  });

  it('names the table to the functions that use it, and to no other', () => {
    for (const route of API_ROUTES) {
      const variables = (
        template.toJSON().Resources[logicalId(stack.api.functions[route.name])] as {
          Properties: { Environment: { Variables: Record<string, unknown> } };
        }
      ).Properties.Environment.Variables;
      const uses = [
        'sendmail',
        'work',
        'reply',
        'visitorMessage',
        'attachKeptMail',
        'dashboard',
        'dashboardCsv',
        'subjectErase',
        'mergeEnquiry',
        'unmergeEnquiry',
        'splitMessage',
        'markGenuine',
      ].includes(route.name);
      expect('TABLE_AGGREGATES' in variables, route.name).toBe(uses);
    }
  });
});
