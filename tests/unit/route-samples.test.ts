/**
 * The API fuzzer's samples (tests/support/fuzz/route-samples.ts): found in
 * every feature's `*fuzz-samples.ts`, exactly one for each route of the table,
 * or the fuzzer does not start and says which route lacks one or has two.
 */
import { describe, expect, it } from 'vitest';
import { ROUTE_NAMES } from '../../shared/routes';
import { routeSamples, samplesByRoute } from '../support/fuzz/route-samples';

const context = {
  enquiryIndex: 1,
  today: '2026-11-22',
  month: '2026-11',
  visitorLink: 'link',
  submissionId: () => 'submission',
};

describe('the fuzz samples', () => {
  it("has one sample for each route of the table, from the features' files", () => {
    expect(Object.keys(routeSamples(context)).sort()).toEqual([...ROUTE_NAMES].sort());
  });

  it('keeps each sample as its file gives it', () => {
    const samples = samplesByRoute(
      ['one', 'two'],
      [
        { file: 'functions/a/fuzz-samples.ts', samples: { one: { body: { a: 1 } } } },
        { file: 'functions/b/fuzz-samples.ts', samples: { two: { query: { b: '2' } } } },
      ],
    );
    expect(samples).toEqual({ one: { body: { a: 1 } }, two: { query: { b: '2' } } });
  });

  it('names a route without a sample, one with two, and a sample for no route', () => {
    const files: Parameters<typeof samplesByRoute>[1] = [
      { file: 'functions/a/fuzz-samples.ts', samples: { one: {}, two: {} } },
      { file: 'functions/b/fuzz-samples.ts', samples: { two: {}, gone: {} } },
    ];
    expect(() => samplesByRoute(['one', 'two', 'three'], files)).toThrow(
      'Every route needs exactly one fuzz sample: route three has no sample; route two has a sample in each of functions/a/fuzz-samples.ts, functions/b/fuzz-samples.ts; functions/b/fuzz-samples.ts has a sample for gone, which is no route',
    );
  });
});
