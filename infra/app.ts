/**
 * The CDK app (cdk.json: `node --import tsx infra/app.ts`). Context values, e.g.
 * `cdk deploy -c stage=prod -c mailFrom=... -c mailTo=...`, are listed in
 * infra/config.ts; the stack is in infra/stack.ts.
 *
 * The Node.js version is checked first, and the app loaded only then (a
 * dynamic import): a static import would load every module of the app before
 * the check could say why one fails on an older Node.js.
 */
import { nodeVersionProblem, requiredNodeRange } from './node-version';

const problem = nodeVersionProblem(process.versions.node, requiredNodeRange());
if (problem) {
  console.error(problem);
  process.exit(1);
}
const { buildApp } = await import('./main');
buildApp();
