/** The exports' stores: the jobs, the enquiries as exported, the finished files in S3; one maker each. */
import type { StoreMaker } from '../../platform/wiring/dynamodb-stores';
import type { BucketStoreMaker } from '../../platform/wiring/s3-stores';
import type { EnquiryExportReader, ExportJobStore, ExportStore } from '../ports';
import { dynamoEnquiryExportReader } from './dynamodb-enquiry-exports';
import { dynamoExportJobStore } from './dynamodb-export-jobs';
import { s3ExportStore } from './s3-exports';

export const enquiryExports: StoreMaker<EnquiryExportReader> = ({ db, table }) =>
  dynamoEnquiryExportReader(db(), table('enquiries'));
export const exportJobs: StoreMaker<ExportJobStore> = ({ db, table, clock }) =>
  dynamoExportJobStore(db(), table('exportJobs'), () => Math.floor(clock.now() / 1000));
export const exports: BucketStoreMaker<ExportStore> = ({ s3, bucket }) => s3ExportStore(s3(), bucket('EXPORTS_BUCKET'));
