import type { StoreMaker } from '../../platform/wiring/dynamodb-stores';
import type { SubmissionStore } from '../ports';
import { dynamoSubmissionStore } from './dynamodb-submissions';

export const submissions: StoreMaker<SubmissionStore> = ({ db, table, clock }) =>
  dynamoSubmissionStore(db(), table('submissions'), () => Math.floor(clock.now() / 1000));
