import type { StoreMaker } from '../../platform/wiring/dynamodb-stores';
import type { TagIndex } from '../ports';
import { dynamoTagIndex } from './dynamodb-tag-index';

export const tagIndex: StoreMaker<TagIndex> = ({ db, table }) => dynamoTagIndex(db(), table('enquiryTags'));
