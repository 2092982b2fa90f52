import type { StoreMaker } from '../../platform/wiring/dynamodb-stores';
import type { ErasureStore } from '../ports';
import { dynamoErasureStore } from './dynamodb-erasures';

export const erasures: StoreMaker<ErasureStore> = ({ db, table }) => dynamoErasureStore(db(), table('erasures'));
