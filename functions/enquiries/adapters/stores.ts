/** The enquiries' stores, one maker each (functions/platform/wiring/dynamodb-stores.ts). */
import type { StoreMaker } from '../../platform/wiring/dynamodb-stores';
import { tagIndex } from '../../tags/adapters/stores';
import type { CounterStore, EnquiryStore } from '../ports';
import { dynamoCounterStore } from './dynamodb-counters';
import { dynamoEnquiryStore } from './dynamodb-enquiries';

export const enquiries: StoreMaker<EnquiryStore> = ({ db, table }) => dynamoEnquiryStore(db(), table('enquiries'));
export const counters: StoreMaker<CounterStore> = ({ db, table }) => dynamoCounterStore(db(), table('counters'));

/** What reading the enquiries as lists needs (functions/enquiries/enquiry-reading.ts `ReadingDeps`): the message box and the exports. */
export const listReadingStores = { enquiries, counters, tagIndex };
