/** The packages' stores: the packages and their images in S3, one maker each. */
import type { StoreMaker } from '../../platform/wiring/dynamodb-stores';
import type { BucketStoreMaker } from '../../platform/wiring/s3-stores';
import type { ImageStore, PackageStore } from '../ports';
import { dynamoPackageStore } from './dynamodb-packages';
import { s3ImageStore } from './s3-images';

export const packages: StoreMaker<PackageStore> = ({ db, table }) => dynamoPackageStore(db(), table('packages'));
export const images: BucketStoreMaker<ImageStore> = ({ s3, bucket }) => s3ImageStore(s3(), bucket('IMAGES_BUCKET'));
