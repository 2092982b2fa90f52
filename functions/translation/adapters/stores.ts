import type { StoreMaker } from '../../platform/wiring/dynamodb-stores';
import type { TranslationStore } from '../ports';
import { dynamoTranslationStore } from './dynamodb-translations';

export const translations: StoreMaker<TranslationStore> = ({ db, table }) =>
  dynamoTranslationStore(db(), table('translations'));
