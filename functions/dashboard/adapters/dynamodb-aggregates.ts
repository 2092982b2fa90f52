import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TABLES } from '../../../shared/tables';
import type { AggregateItem, AggregateStore } from '../ports';
import { batchGetAll } from '../../platform/wiring/dynamodb-client';

const KEY = TABLES.aggregates.partitionKey.name;

/**
 * The aggregates table: `ADD` on counters and `list_append` on lists, one
 * UpdateItem per change (no read first, no transaction: the emulator has
 * none, and neither is needed for adding).
 */
export function dynamoAggregateStore(db: DynamoDBDocumentClient, tableName: string): AggregateStore {
  return {
    async update(key, change) {
      const names: Record<string, string> = {};
      const values: Record<string, unknown> = {};
      const adds: string[] = [];
      const sets: string[] = [];
      for (const [i, [name, delta]] of Object.entries(change.add ?? {}).entries()) {
        if (name === KEY) throw new Error(`${KEY} is the key, not a counter`);
        names[`#a${i}`] = name;
        values[`:a${i}`] = delta;
        adds.push(`#a${i} :a${i}`);
      }
      for (const [i, [name, list]] of Object.entries(change.append ?? {}).entries()) {
        if (name === KEY) throw new Error(`${KEY} is the key, not a list`);
        names[`#l${i}`] = name;
        values[`:l${i}`] = list;
        values[':empty'] = [];
        sets.push(`#l${i} = list_append(if_not_exists(#l${i}, :empty), :l${i})`);
      }
      if (adds.length === 0 && sets.length === 0) return;
      const expression = [sets.length ? `SET ${sets.join(', ')}` : '', adds.length ? `ADD ${adds.join(', ')}` : '']
        .filter(Boolean)
        .join(' ');
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { [KEY]: key },
          UpdateExpression: expression,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      );
    },

    async getMany(keys) {
      const items = await batchGetAll(
        db,
        tableName,
        [...new Set(keys)].map((key) => ({ [KEY]: key })),
      );
      return new Map(items.map((item) => [String(item[KEY]), toAggregate(item)]));
    },
  };
}

function toAggregate(item: Record<string, unknown>): AggregateItem {
  const aggregate: AggregateItem = { counters: {}, lists: {} };
  for (const [name, value] of Object.entries(item)) {
    if (name === KEY) continue;
    if (typeof value === 'number') aggregate.counters[name] = value;
    else if (Array.isArray(value)) aggregate.lists[name] = value.map(Number);
  }
  return aggregate;
}
