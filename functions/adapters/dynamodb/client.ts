import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** Document client that drops `undefined` attributes instead of failing on them. */
export function documentClient(config: DynamoDBClientConfig = {}): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(new DynamoDBClient(config), {
    marshallOptions: { removeUndefinedValues: true },
  });
}

export function isConditionFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

/** The emulator has no TTL: items whose expiry has passed are treated as absent. */
export function expired(item: Record<string, unknown> | undefined, nowSeconds: number): boolean {
  const expiresAt = item?.['expiresAt'];
  return typeof expiresAt === 'number' && expiresAt <= nowSeconds;
}
