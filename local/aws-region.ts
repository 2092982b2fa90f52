import { NODE_REGION_CONFIG_FILE_OPTIONS, NODE_REGION_CONFIG_OPTIONS, loadConfig } from '@smithy/core/config';

/**
 * The region as the SDK finds it (AWS_REGION, or the profile's), for the
 * command-line tools that work on a deployed stage: the functions' own
 * clients (functions/adapters/aws-request.ts) read only the environment,
 * which Lambda always sets.
 */
export const sdkRegion = (): Promise<string> => loadConfig(NODE_REGION_CONFIG_OPTIONS, NODE_REGION_CONFIG_FILE_OPTIONS)();
