/** The received mail's stores: the kept mail, the ids of mail we sent, the bucket mail is received into. */
import type { StoreMaker } from '../../platform/wiring/dynamodb-stores';
import type { BucketStoreMaker } from '../../platform/wiring/s3-stores';
import type { InboundBucket, KeptMailStore, SentMailIds } from '../ports';
import { dynamoKeptMailStore, dynamoSentMailIds } from './dynamodb-inbound-mail';
import { s3InboundBucket } from './s3-inbound';
import { s3ScanResults } from './s3-scan-results';

export const keptMail: StoreMaker<KeptMailStore> = ({ db, table, clock }) =>
  dynamoKeptMailStore(db(), table('inboundMail'), () => Math.floor(clock.now() / 1000));
export const sentMailIds: StoreMaker<SentMailIds> = ({ db, table, clock }) =>
  dynamoSentMailIds(db(), table('inboundMail'), () => Math.floor(clock.now() / 1000));
export const inbound: BucketStoreMaker<InboundBucket> = ({ s3, bucket }) =>
  s3InboundBucket(s3(), bucket('INBOUND_BUCKET'));
/** The attachments' scan results alone (their tags): for a function that reads nothing else of the bucket. */
export const inboundScans: BucketStoreMaker<Pick<InboundBucket, 'scanResult'>> = ({ s3, bucket }) =>
  s3ScanResults(s3(), bucket('INBOUND_BUCKET'));
