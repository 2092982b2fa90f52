/**
 * The stage's stateful resources (tables, buckets, the CDN's and buckets' log
 * bucket among them, the KMS key, the secrets) keep their logical ids in the
 * main stack: CloudFormation replaces a resource whose logical id changes (a
 * new, empty table or bucket, a new key that cannot open what the old one
 * sealed), so a refactor that renames or moves one fails here.
 * docs/deploying.md says what to do if one ever has to move.
 */
import { NestedStack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { BUCKETS, type BucketKey } from '../../shared/resources';
import { TABLE_KEYS } from '../../shared/tables';
import { logicalId, unbundledStackForFile } from './helpers';

const STATEFUL_TYPES = ['AWS::DynamoDB::Table', 'AWS::S3::Bucket', 'AWS::KMS::Key', 'AWS::SecretsManager::Secret'];

/** Every stateful resource of the main stack, by logical id, as first deployed. Never edit one of these ids. */
const PINNED: Record<string, string> = {
  DataEnquiriesTable53FC2ABC: 'AWS::DynamoDB::Table',
  DataEnquiryTagsTable7D8641F4: 'AWS::DynamoDB::Table',
  DataErasuresTableB66F02EA: 'AWS::DynamoDB::Table',
  DataEnquiryEventsTableB5E74050: 'AWS::DynamoDB::Table',
  DataTranslationsTableEEF7774A: 'AWS::DynamoDB::Table',
  DataReplyTemplatesTable9196DA96: 'AWS::DynamoDB::Table',
  DataReplyTemplateVersionsTableDD6FD418: 'AWS::DynamoDB::Table',
  DataOutboxTable84346732: 'AWS::DynamoDB::Table',
  DataInboundMailTable6CC79C6D: 'AWS::DynamoDB::Table',
  DataCountersTable892BE06D: 'AWS::DynamoDB::Table',
  DataSubmissionsTable689B3101: 'AWS::DynamoDB::Table',
  DataPackagesTable878D1D67: 'AWS::DynamoDB::Table',
  DataStaffTableBA3714EC: 'AWS::DynamoDB::Table',
  DataRevokedTokensTable6FAAA52F: 'AWS::DynamoDB::Table',
  DataThrottleTable1EA788BE: 'AWS::DynamoDB::Table',
  DataAggregatesTableFFFD3F21: 'AWS::DynamoDB::Table',
  DataAccessLogTable58DB3746: 'AWS::DynamoDB::Table',
  DataExportJobsTableDFBFC544: 'AWS::DynamoDB::Table',
  DataPoliciesTable36954621: 'AWS::DynamoDB::Table',
  DataTotpKey8AA57EF5: 'AWS::KMS::Key',
  DataAccessLogsC0C25EE4: 'AWS::S3::Bucket',
  DataImagesE36FBF16: 'AWS::S3::Bucket',
  DataExportsDBAF8253: 'AWS::S3::Bucket',
  DataInboundD50133FE: 'AWS::S3::Bucket',
  DataAccessLogCopy6331AE10: 'AWS::S3::Bucket',
  SiteBucket978D4AEB: 'AWS::S3::Bucket',
  TokenSecret75569B26: 'AWS::SecretsManager::Secret',
  ReplyAddressSecretA5A5139E: 'AWS::SecretsManager::Secret',
  OriginVerifySecret1DED2FB3: 'AWS::SecretsManager::Secret',
};

const made = unbundledStackForFile();

const statefulOf = (template: Template) =>
  Object.fromEntries(
    Object.entries(template.toJSON().Resources as Record<string, { Type: string }>)
      .filter(([, resource]) => STATEFUL_TYPES.includes(resource.Type))
      .map(([id, resource]) => [id, resource.Type]),
  );

describe('stateful resources', () => {
  it('stay in the main stack under the logical ids they were first deployed with', () => {
    expect(statefulOf(Template.fromStack(made.stack))).toEqual(PINNED);
  });

  it('are each the construct the stack names: every table and bucket, the CDN log bucket, the TOTP key, the secrets', () => {
    const { stack } = made;
    const constructs = [
      ...TABLE_KEYS.map((key) => stack.data.tables[key]),
      ...(Object.keys(BUCKETS) as BucketKey[]).map((key) => stack.data.buckets[key]),
      stack.data.accessLogs,
      stack.site.bucket,
      stack.data.totpKey,
      stack.tokenSecret,
      stack.replyAddressSecret,
      stack.originVerifySecret,
    ];
    expect(new Set(constructs.map(logicalId))).toEqual(new Set(Object.keys(PINNED)));
  });

  it('are never made in a nested stack', () => {
    const nested = made.stack.node.findAll().filter((construct) => NestedStack.isNestedStack(construct));
    expect(nested.length).toBeGreaterThan(0);
    for (const stack of nested)
      expect(statefulOf(Template.fromStack(stack as NestedStack)), stack.node.path).toEqual({});
  });
});
