import type { StoreMaker } from '../../platform/wiring/dynamodb-stores';
import type { OutboxStore } from '../ports';
import { dynamoOutboxStore } from './dynamodb-outbox';

export const outbox: StoreMaker<OutboxStore> = ({ db, table }) => dynamoOutboxStore(db(), table('outbox'));
