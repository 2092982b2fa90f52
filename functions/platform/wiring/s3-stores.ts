/**
 * How a function's S3 stores are made, as its DynamoDB stores are
 * (dynamodb-stores.ts): each feature exports one maker per bucket's store, a
 * function names those it uses, and each is made on first use on the
 * function's one S3 client.
 */
import type { SettingName, Settings } from '../config';
import type { AwsClientOptions } from './aws';
import { madeOnFirstUse, settingOf } from './lazy';
import { EMULATED_S3, s3Client } from './s3-client';

/** What an S3 store is made from: the function's one S3 client and the bucket a setting names. */
export interface BucketContext {
  s3: () => ReturnType<typeof s3Client>;
  bucket: <Name extends SettingName>(name: Name) => Settings[Name];
}

export type BucketStoreMaker<Store> = (context: BucketContext) => Store;

export function s3Stores<Stores extends object>(
  settings: Partial<Settings>,
  aws: AwsClientOptions,
  makers: { [Key in keyof Stores]: BucketStoreMaker<Stores[Key]> },
): Stores {
  let client: ReturnType<typeof s3Client> | undefined;
  // An endpoint given here is the local emulator's (in Lambda the SDK finds S3 itself).
  const emulated = aws.endpoints?.s3 ? EMULATED_S3 : {};
  const context: BucketContext = {
    s3: () =>
      (client ??= s3Client({
        region: aws.region,
        credentials: aws.credentials,
        endpoint: aws.endpoints?.s3,
        ...emulated,
      })),
    bucket: (name) => settingOf(settings, name),
  };
  return madeOnFirstUse<BucketContext, Stores>(makers, context);
}
