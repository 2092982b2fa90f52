/**
 * What the Lambda bundles have instead of `@aws-sdk/credential-provider-node`,
 * the SDK's default credential chain (functions/bundling.ts aliases it here).
 *
 * That chain tries, in turn, the environment, SSO, the shared ini files, web
 * identity, a credential process, the container and the instance metadata,
 * and carries clients for STS, SSO and sign-in to do so: about 130 KiB of
 * every bundle, a quarter of a small one. In Lambda its first step always
 * answers: the runtime gives the function its role's credentials in
 * AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN, and sets
 * no AWS_PROFILE. So in Lambda the chain is this one step, and nothing else
 * is bundled. The local stack and the CLIs, which are not bundled, keep the
 * whole chain.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';

export const defaultProvider = (init?: Parameters<typeof fromEnv>[0]) => fromEnv(init);
