/**
 * The CDK app (cdk.json: `npx tsx infra/app.ts`). Context values, e.g.
 * `cdk deploy -c stage=prod -c mailFrom=... -c mailTo=...`, are listed in
 * infra/config.ts; the stack is in infra/stack.ts.
 */
import { buildApp } from './main';

buildApp();
