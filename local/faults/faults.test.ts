/** The words and JSON the fault control takes (local/faults/faults.ts). */
import { describe, expect, it } from 'vitest';
import { MAX_SLOW_MS, describeFault, faultFromJson, parseFault } from './faults';

describe('parseFault (the CLI words)', () => {
  it.each([
    [['up'], { mode: 'up' }],
    [['down'], { mode: 'refuse' }],
    [['refuse'], { mode: 'refuse' }],
    [['HANG'], { mode: 'hang' }],
    [['slow', '800'], { mode: 'slow', delayMs: 800 }],
    [['slow', '800ms'], { mode: 'slow', delayMs: 800 }],
    [['slow', '2s'], { mode: 'slow', delayMs: 2000 }],
  ])('%j is %j', (words, fault) => {
    expect(parseFault(words)).toEqual(fault);
  });

  it.each([
    [[]],
    [['sideways']],
    [['slow']],
    [['slow', 'fast']],
    [['slow', '0']],
    [['slow', String(MAX_SLOW_MS + 1)]],
    [['up', '5']],
    [['slow', '5', '6']],
  ])('refuses %j with a sentence saying why', (words) => {
    expect(parseFault(words)).toEqual(expect.any(String));
  });
});

describe('faultFromJson (the control endpoint body)', () => {
  it('reads every mode', () => {
    expect(faultFromJson({ mode: 'refuse' })).toEqual({ mode: 'refuse' });
    expect(faultFromJson({ mode: 'slow', delayMs: 250 })).toEqual({ mode: 'slow', delayMs: 250 });
    expect(faultFromJson({ mode: 'up' })).toEqual({ mode: 'up' });
  });

  it.each([
    null,
    'up',
    [],
    {},
    { mode: 3 },
    { mode: 'slow' },
    { mode: 'slow', delayMs: 1.5 },
    { mode: 'slow', delayMs: '100' },
    { mode: 'hang', delayMs: 5 },
    { mode: 'slow 5' },
  ])('refuses %j', (body) => {
    expect(faultFromJson(body)).toEqual(expect.any(String));
  });

  it('describes a fault for the CLI', () => {
    expect(describeFault({ mode: 'slow', delayMs: 300 })).toBe('slow (300 ms a request)');
    expect(describeFault({ mode: 'refuse' })).toBe('refuse');
  });
});
