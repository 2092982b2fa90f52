/**
 * Property-based fuzzing of every API route (tests/support/fuzz/api-fuzz.ts)
 * with fixed seeds, so a run is repeatable and a failure replays; `npm run
 * test:load` runs the same properties longer with a fresh seed it prints.
 * Each property fails with fast-check's smallest failing request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiFuzzer, FUZZ_PROPERTIES, type FuzzProperty, apiFuzzer } from '../../support/fuzz/api-fuzz';
import { type TestStack, startTestStack } from '../../support/stack';

/** Runs per property in `npm test`: together some 1,000 requests, a few seconds each hundred. */
export const TEST_FUZZ_RUNS: Record<FuzzProperty, { seed: number; runs: number }> = {
  hostileBodies: { seed: 20_261_123, runs: 350 },
  oneBadField: { seed: 1_407, runs: 450 },
  strayRequests: { seed: 8_192, runs: 250 },
};

let stack: TestStack;
let fuzzer: ApiFuzzer;

beforeAll(async () => {
  stack = await startTestStack();
  fuzzer = await apiFuzzer(stack);
});
afterAll(async () => {
  fuzzer.close();
  await stack.dispose();
});

describe('fuzzing every API route, public and staff, as every role', () => {
  for (const property of FUZZ_PROPERTIES) {
    const { seed, runs } = TEST_FUZZ_RUNS[property];
    // Hundreds of requests, each followed by a read of the stores it may change: more than the default minute on a busy machine.
    it(
      `${property}: ${runs} requests (seed ${seed}), no 5xx, no internals shown, JSON refusals naming fields, nothing stored by a refusal`,
      { timeout: 300_000 },
      async () => {
        const counts = await fuzzer.run(property, { seed, runs });
        console.info(`fuzz ${property}: ${counts.requests} requests, statuses ${JSON.stringify(counts.statuses)}`);
        expect(counts.requests).toBe(runs);
        // The requests reached the routes: refusals of every kind, and some valid enough to be taken.
        expect(Object.keys(counts.statuses).length).toBeGreaterThan(3);
      },
    );
  }
});
