import { S3Bucket, s3Service } from '../adapters/s3/bucket';
import { s3ExportStore } from '../adapters/s3/exports';
import { s3ImageStore } from '../adapters/s3/images';
import type { Settings } from '../config';
import type { ExportStore, ImageStore } from '../ports';
import type { AwsClientOptions } from './aws';
import { lazyObject, settingOf } from './lazy';

export interface S3Deps {
  images: ImageStore;
  exports: ExportStore;
}

export function s3Deps(settings: Partial<Settings>, aws: AwsClientOptions): S3Deps {
  let service: ReturnType<typeof s3Service> | undefined;
  const s3 = () => (service ??= s3Service({ region: aws.region, credentials: aws.credentials, endpoint: aws.endpoints?.s3 }));
  // The emulator has no bucket host names.
  const pathStyle = aws.endpoints?.s3 !== undefined;
  return lazyObject<S3Deps>({
    images: () => s3ImageStore(new S3Bucket(s3(), settingOf(settings, 'IMAGES_BUCKET'), pathStyle)),
    exports: () => s3ExportStore(new S3Bucket(s3(), settingOf(settings, 'EXPORTS_BUCKET'), pathStyle)),
  });
}
