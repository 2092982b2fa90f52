/**
 * One valid request per API route, from each feature's `fuzz-samples.ts`,
 * which the fuzzer spoils one field at a time. A `Record` over every route
 * name: a route added to shared/routes.ts without a sample in its feature
 * does not type-check, so no route escapes the fuzzing.
 */
import type { RouteName } from '../../../shared/routes';
import type { RouteSample, SampleContext } from '../../../functions/platform/fuzz-samples';
import { fuzzSamples as intake } from '../../../functions/intake/fuzz-samples';
import { fuzzSamples as enquiries } from '../../../functions/enquiries/fuzz-samples';
import { fuzzSamples as merging } from '../../../functions/merging/fuzz-samples';
import { fuzzSamples as work } from '../../../functions/work/fuzz-samples';
import { fuzzSamples as tags } from '../../../functions/tags/fuzz-samples';
import { fuzzSamples as exportsFeature } from '../../../functions/exports/fuzz-samples';
import { fuzzSamples as privacy } from '../../../functions/privacy/fuzz-samples';
import { fuzzSamples as accounts } from '../../../functions/accounts/fuzz-samples';
import { fuzzSamples as packages } from '../../../functions/packages/fuzz-samples';
import { fuzzSamples as dashboard } from '../../../functions/dashboard/fuzz-samples';
import { fuzzSamples as visitor } from '../../../functions/visitor/fuzz-samples';
import { fuzzSamples as conversation } from '../../../functions/conversation/fuzz-samples';
import { fuzzSamples as attachments } from '../../../functions/conversation/kept-mail/attachment-fuzz-samples';
import { fuzzSamples as translation } from '../../../functions/translation/fuzz-samples';

export type { RouteSample, SampleContext };

export function routeSamples(context: SampleContext): Record<RouteName, RouteSample> {
  return {
    ...intake(context),
    ...enquiries(context),
    ...merging(context),
    ...work(context),
    ...tags(context),
    ...exportsFeature(context),
    ...privacy(context),
    ...accounts(context),
    ...packages(context),
    ...dashboard(context),
    ...visitor(context),
    ...conversation(context),
    ...attachments(context),
    ...translation(context),
  };
}
