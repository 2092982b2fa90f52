import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { BEST_PACKAGE_INDEXES, type BestPackage } from '../../../shared/packages/best-package';
import type { PackageStore } from '../ports';

export function dynamoPackageStore(db: DynamoDBDocumentClient, tableName: string): PackageStore {
  return {
    async list() {
      // Three known keys, never a scan. Single reads: a batch read may leave keys unprocessed under throttling.
      const items = await Promise.all(
        BEST_PACKAGE_INDEXES.map(
          async (INDEX) =>
            (await db.send(new GetCommand({ TableName: tableName, Key: { INDEX } }))).Item as BestPackage | undefined,
        ),
      );
      return items.filter((item): item is BestPackage => item !== undefined);
    },
    async get(index) {
      const result = await db.send(
        new GetCommand({ TableName: tableName, Key: { INDEX: index }, ConsistentRead: true }),
      );
      return result.Item as BestPackage | undefined;
    },
    async update(index, fields, remove = []) {
      const names: Record<string, string> = {};
      const values: Record<string, unknown> = {};
      const sets: string[] = [];
      for (const [i, [field, value]] of Object.entries(fields).entries()) {
        if (value === undefined) continue;
        names[`#f${i}`] = field;
        values[`:v${i}`] = value;
        sets.push(`#f${i} = :v${i}`);
      }
      const removes = remove.map((field, i) => {
        names[`#r${i}`] = field;
        return `#r${i}`;
      });
      const expression = [
        sets.length ? `SET ${sets.join(', ')}` : '',
        removes.length ? `REMOVE ${removes.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join(' ');
      const result = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { INDEX: index },
          ConditionExpression: 'attribute_exists(#index)',
          UpdateExpression: expression,
          ExpressionAttributeNames: { ...names, '#index': 'INDEX' },
          ExpressionAttributeValues: Object.keys(values).length ? values : undefined,
          ReturnValues: 'ALL_NEW',
        }),
      );
      return result.Attributes as BestPackage;
    },
    async put(pkg) {
      await db.send(new PutCommand({ TableName: tableName, Item: pkg }));
    },
  };
}
