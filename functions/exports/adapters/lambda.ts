import { LambdaClient } from '@aws-sdk/client-lambda';
import { lambdaExportWorker } from './lambda-export-worker';
import { AWS_CALL_LIMITS } from '../../platform/wiring/call-limits';
import type { Settings } from '../../platform/config';
import type { ExportWorker } from '../ports';
import type { AwsClientOptions } from '../../platform/wiring/aws';
import { lazyObject, settingOf } from '../../platform/wiring/lazy';

export interface LambdaDeps {
  exportWorker: ExportWorker;
}

/** Background workers started with an asynchronous Lambda invocation (the local stack runs them itself instead). */
export function lambdaDeps(settings: Partial<Settings>, aws: AwsClientOptions): LambdaDeps {
  return lazyObject<LambdaDeps>({
    exportWorker: () =>
      lambdaExportWorker(
        new LambdaClient({ ...AWS_CALL_LIMITS, region: aws.region, credentials: aws.credentials }),
        settingOf(settings, 'EXPORT_WORKER_FUNCTION'),
      ),
  });
}
