import { EMULATED_S3, s3Client } from '../platform/wiring/s3-client';
import { s3AccessLogCopyStore } from '../adapters/s3/access-log-copies';
import { s3ExportStore } from '../adapters/s3/exports';
import { s3ImageStore } from '../adapters/s3/images';
import { s3InboundBucket } from '../adapters/s3/inbound';
import type { InboundBucket } from '../conversation/ports';
import type { Settings } from '../platform/config';
import type { ExportStore } from '../exports/ports';
import type { ImageStore } from '../packages/ports';
import type { AccessLogCopyStore } from '../audit/ports';
import type { AwsClientOptions } from '../platform/wiring/aws';
import { lazyObject, settingOf } from '../platform/wiring/lazy';

export interface S3Deps {
  images: ImageStore;
  exports: ExportStore;
  accessLogCopies: AccessLogCopyStore;
  inbound: InboundBucket;
}

export function s3Deps(settings: Partial<Settings>, aws: AwsClientOptions): S3Deps {
  let client: ReturnType<typeof s3Client> | undefined;
  // An endpoint given here is the local emulator's (in Lambda the SDK finds S3 itself).
  const emulated = aws.endpoints?.s3 ? EMULATED_S3 : {};
  const s3 = () =>
    (client ??= s3Client({
      region: aws.region,
      credentials: aws.credentials,
      endpoint: aws.endpoints?.s3,
      ...emulated,
    }));
  return lazyObject<S3Deps>({
    images: () => s3ImageStore(s3(), settingOf(settings, 'IMAGES_BUCKET')),
    exports: () => s3ExportStore(s3(), settingOf(settings, 'EXPORTS_BUCKET')),
    accessLogCopies: () => s3AccessLogCopyStore(s3(), settingOf(settings, 'ACCESS_LOG_COPY_BUCKET')),
    inbound: () => s3InboundBucket(s3(), settingOf(settings, 'INBOUND_BUCKET')),
  });
}
