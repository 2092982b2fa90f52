/**
 * What a feature's `fuzz-samples.ts` gives the API fuzzer
 * (tests/support/fuzz/api-fuzz.ts): one valid request per route, which it
 * spoils one field at a time. Test data, beside each feature's routes; no
 * Lambda bundle imports it. The fuzzer finds every file whose name ends in
 * `fuzz-samples.ts` under functions/ (tests/support/fuzz/route-samples.ts),
 * this one aside, and its `fuzzSamples` export.
 */
import type { RouteName } from '../../shared/routes';

export interface RouteSample {
  /** A valid JSON body (POST routes). */
  body?: Record<string, unknown>;
  /** A valid query (GET routes that read one). */
  query?: Record<string, string>;
  /** Path parameter values. */
  params?: Record<string, string>;
  /** Text fields that may hold several lines; every other text field is one line (it may become a mail header or a CSV cell). */
  multiline?: readonly string[];
  /**
   * Fields the route refuses (400, naming them) even when the input is well
   * formed, because they must hold a secret the fuzzer does not send (the
   * caller's current password) or name a state the fuzzer does not make (a
   * template revision other than the text now): a well-formed spoil of
   * another field is then refused naming these, and that is right.
   */
  refusedOnceWellFormed?: readonly string[];
}

export interface SampleContext {
  /** A stored enquiry the staff routes can name. */
  enquiryIndex: number;
  /** Today and this month in Korea time. */
  today: string;
  month: string;
  /** A link that opens that enquiry's page for the visitor (what follows `#`). */
  visitorLink: string;
  /** A fresh id per call, so a valid enquiry is a new one each time. */
  submissionId(): string;
}

/** A feature's samples: one per route it declares. */
export type FeatureSamples<Names extends RouteName> = (context: SampleContext) => Record<Names, RouteSample>;
