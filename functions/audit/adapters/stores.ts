/** The access log's stores: its table and its copy under S3 Object Lock, one maker each. */
import type { StoreMaker } from '../../platform/wiring/dynamodb-stores';
import type { BucketStoreMaker } from '../../platform/wiring/s3-stores';
import type { AccessLogCopyStore, AccessLogStore } from '../ports';
import { dynamoAccessLogStore } from './dynamodb-access-log';
import { s3AccessLogCopyStore } from './s3-access-log-copies';

export const accessLog: StoreMaker<AccessLogStore> = ({ db, table }) => dynamoAccessLogStore(db(), table('accessLog'));
export const accessLogCopies: BucketStoreMaker<AccessLogCopyStore> = ({ s3, bucket }) =>
  s3AccessLogCopyStore(s3(), bucket('ACCESS_LOG_COPY_BUCKET'));
