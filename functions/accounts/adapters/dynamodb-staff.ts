import { GetCommand, PutCommand, ScanCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PolicyStore, StaffPolicy, StaffStore } from '../ports';
import type { StaffAccount } from '../staff-account';
import {
  conditional,
  isConditionFailure,
  setAssignments,
  updateExpression,
  wroteItOurselves,
} from '../../platform/wiring/dynamodb-client';
import { STAFF_PROFILE_ATTRIBUTES, type StaffProfile } from '../staff-profile';

/** Reads a profile's attributes only: the staff functions' IAM refuses a read that does not name them (dynamodb:Attributes). */
const PROFILE_PROJECTION = {
  ProjectionExpression: STAFF_PROFILE_ATTRIBUTES.map((_, index) => `#p${index}`).join(', '),
  ExpressionAttributeNames: Object.fromEntries(STAFF_PROFILE_ATTRIBUTES.map((name, index) => [`#p${index}`, name])),
};

export function dynamoStaffStore(db: DynamoDBDocumentClient, tableName: string): StaffStore {
  return {
    async get(email) {
      const result = await db.send(new GetCommand({ TableName: tableName, Key: { email }, ConsistentRead: true }));
      return result.Item as StaffAccount | undefined;
    },
    async put(account) {
      await db.send(new PutCommand({ TableName: tableName, Item: account }));
    },
    async profile(email) {
      const result = await db.send(
        new GetCommand({ TableName: tableName, Key: { email }, ConsistentRead: true, ...PROFILE_PROJECTION }),
      );
      return result.Item as StaffProfile | undefined;
    },
    async list() {
      const accounts: StaffProfile[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const page = await db.send(
          new ScanCommand({
            TableName: tableName,
            ConsistentRead: true,
            ...PROFILE_PROJECTION,
            ...(start ? { ExclusiveStartKey: start } : {}),
          }),
        );
        accounts.push(...((page.Items ?? []) as StaffProfile[]));
        start = page.LastEvaluatedKey;
      } while (start);
      return accounts;
    },
    replace(account, expectedRevision) {
      return conditional(() =>
        db.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...account, revision: expectedRevision + 1 },
            ConditionExpression:
              expectedRevision === 0
                ? 'attribute_not_exists(revision) OR revision = :expected'
                : 'revision = :expected',
            ExpressionAttributeValues: { ':expected': expectedRevision },
          }),
        ),
      );
    },
    async update(email, changes, expectedRevision) {
      const revision = expectedRevision + 1;
      const names: Record<string, string> = {};
      const values: Record<string, unknown> = { ':expected': expectedRevision, ':revision': revision };
      const set = [...setAssignments(changes, names, values), 'revision = :revision'];
      const removed = Object.keys(changes).filter((name) => changes[name as keyof typeof changes] === undefined);
      const expression = updateExpression(set, removed, names);
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { email },
            // An update never makes an account; one never replaced has no revision yet (0).
            ConditionExpression:
              expectedRevision === 0
                ? 'attribute_exists(email) AND (attribute_not_exists(revision) OR revision = :expected)'
                : 'revision = :expected',
            UpdateExpression: expression,
            ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
            ExpressionAttributeValues: values,
          }),
        );
        return true;
      } catch (error) {
        // The SDK retried a call whose answer was lost, and the first attempt had gone through.
        if (isConditionFailure(error))
          return wroteItOurselves(db, tableName, { email }, { ...changes, revision }, removed);
        throw error;
      }
    },
    async recordSignIn(email, at) {
      await conditional(() =>
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { email },
            UpdateExpression: 'SET lastSignInAt = :at',
            ConditionExpression: 'attribute_exists(email)',
            ExpressionAttributeValues: { ':at': at },
          }),
        ),
      );
    },
    useTotpStep(email, step) {
      return conditional(() =>
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { email },
            UpdateExpression: 'SET totpLastStep = :step',
            ConditionExpression:
              '(attribute_exists(totpSecretSealed) OR attribute_exists(totpSecret)) AND (attribute_not_exists(totpLastStep) OR totpLastStep < :step)',
            ExpressionAttributeValues: { ':step': step },
          }),
        ),
      );
    },
    async countCodeFailure(email) {
      const result = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { email },
          UpdateExpression: 'ADD codeFailures :one',
          ConditionExpression: 'attribute_exists(email)',
          ExpressionAttributeValues: { ':one': 1 },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return Number(result.Attributes?.['codeFailures'] ?? 0);
    },
    async clearCodeFailures(email) {
      await conditional(() =>
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { email },
            UpdateExpression: 'REMOVE codeFailures',
            ConditionExpression: 'attribute_exists(email)',
          }),
        ),
      );
    },
    async setEnrolmentLink(email, { enrolmentHash, enrolmentExpiresAt, enrolmentMailedAt }) {
      await conditional(() =>
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { email },
            UpdateExpression:
              'SET enrolmentHash = :hash, enrolmentExpiresAt = :expiresAt, enrolmentMailedAt = :mailedAt',
            ConditionExpression: 'attribute_exists(email)',
            ExpressionAttributeValues: {
              ':hash': enrolmentHash,
              ':expiresAt': enrolmentExpiresAt,
              ':mailedAt': enrolmentMailedAt,
            },
          }),
        ),
      );
    },
    useRecoveryCode(email, codeHash) {
      return conditional(() =>
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { email },
            UpdateExpression: 'DELETE recoveryCodeHashes :code',
            ConditionExpression: 'contains(recoveryCodeHashes, :hash)',
            ExpressionAttributeValues: { ':code': new Set([codeHash]), ':hash': codeHash },
          }),
        ),
      );
    },
  };
}

const TWO_FACTOR_POLICY = 'twoFactor';

export function dynamoPolicyStore(db: DynamoDBDocumentClient, tableName: string): PolicyStore {
  return {
    async get() {
      const result = await db.send(
        new GetCommand({ TableName: tableName, Key: { policy: TWO_FACTOR_POLICY }, ConsistentRead: true }),
      );
      if (!result.Item) return undefined;
      const { requireTwoFactor, updatedAt, updatedBy } = result.Item as StaffPolicy;
      return { requireTwoFactor, updatedAt, updatedBy };
    },
    async put(policy) {
      await db.send(new PutCommand({ TableName: tableName, Item: { policy: TWO_FACTOR_POLICY, ...policy } }));
    },
  };
}
