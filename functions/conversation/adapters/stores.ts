/** The received mail's stores: the kept mail, the ids of mail we sent, the bucket mail is received into. */
import type { StoreMaker } from '../../platform/wiring/dynamodb-stores';
import type { BucketStoreMaker } from '../../platform/wiring/s3-stores';
import type { InboundBucket, KeptMailStore, SentMailIds } from '../ports';
import { dynamoKeptMailStore, dynamoSentMailIds } from './dynamodb-inbound-mail';
import { s3InboundBucket } from './s3-inbound';

export const keptMail: StoreMaker<KeptMailStore> = ({ db, table, clock }) =>
  dynamoKeptMailStore(db(), table('inboundMail'), () => Math.floor(clock.now() / 1000));
export const sentMailIds: StoreMaker<SentMailIds> = ({ db, table, clock }) =>
  dynamoSentMailIds(db(), table('inboundMail'), () => Math.floor(clock.now() / 1000));
export const inbound: BucketStoreMaker<InboundBucket> = ({ s3, bucket }) =>
  s3InboundBucket(s3(), bucket('INBOUND_BUCKET'));
