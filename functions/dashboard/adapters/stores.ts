import type { StoreMaker } from '../../platform/wiring/dynamodb-stores';
import type { AggregateStore } from '../ports';
import { dynamoAggregateStore } from './dynamodb-aggregates';

export const aggregates: StoreMaker<AggregateStore> = ({ db, table }) =>
  dynamoAggregateStore(db(), table('aggregates'));
