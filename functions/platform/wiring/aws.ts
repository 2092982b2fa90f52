/** Where the AWS clients connect: empty in Lambda (the SDK's defaults), emulator endpoints locally. */
export interface AwsClientOptions {
  region?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  endpoints?: { dynamodb?: string; s3?: string; ses?: string; translate?: string };
}
