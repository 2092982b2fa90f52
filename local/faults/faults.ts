/**
 * What the local stack's fault injection can do to a backing service: make it
 * refuse (connections refused, requests on open connections answered 503),
 * hang (requests held, never answered, until the service is brought back),
 * or slow down (every request held for a while first). Local only: the
 * deployed product knows nothing of it (see local/faults/fault-proxy.ts).
 */
export const FAULT_SERVICES = ['ses', 'dynamodb', 's3', 'translate'] as const;
export type FaultService = (typeof FAULT_SERVICES)[number];

export type Fault = { mode: 'up' } | { mode: 'refuse' } | { mode: 'hang' } | { mode: 'slow'; delayMs: number };
export type FaultMode = Fault['mode'];

export const SERVICE_UP: Fault = { mode: 'up' };

/** Longest delay `slow` takes: longer than any SDK time-out, short enough that a forgotten fault does not look like a dead stack. */
export const MAX_SLOW_MS = 10 * 60_000;

export function isFaultService(name: string): name is FaultService {
  return (FAULT_SERVICES as readonly string[]).includes(name);
}

/**
 * A fault from words, as the CLI takes them: `up`, `refuse` (or `down`),
 * `hang`, `slow 800` (milliseconds; `800ms` and `2s` too). Answers a
 * sentence saying what is wrong instead when the words are not a fault.
 */
export function parseFault(words: readonly string[]): Fault | string {
  const [mode, amount, ...rest] = words.map((word) => word.trim().toLowerCase());
  if (rest.length) return `Too many words: ${words.join(' ')}`;
  if (mode === 'slow') {
    const match = /^(\d+)(ms|s)?$/.exec(amount ?? '');
    if (!match) return 'slow needs a delay: slow 800 (milliseconds), slow 800ms or slow 2s';
    const delayMs = Number(match[1]) * (match[2] === 's' ? 1000 : 1);
    if (delayMs < 1 || delayMs > MAX_SLOW_MS) return `The delay must be from 1 ms to ${MAX_SLOW_MS / 60_000} minutes`;
    return { mode: 'slow', delayMs };
  }
  if (amount !== undefined) return `${mode} takes no value`;
  if (mode === 'up') return SERVICE_UP;
  if (mode === 'refuse' || mode === 'down') return { mode: 'refuse' };
  if (mode === 'hang') return { mode: 'hang' };
  return 'A fault is up, refuse (or down), hang, or slow <ms>';
}

/** A fault from a JSON body (the control endpoint), checked the same way as the CLI's words. */
export function faultFromJson(value: unknown): Fault | string {
  if (typeof value !== 'object' || value === null)
    return 'Send {"mode": "up" | "refuse" | "hang" | "slow", "delayMs"?: number}';
  const { mode, delayMs } = value as { mode?: unknown; delayMs?: unknown };
  if (typeof mode !== 'string') return 'mode is missing';
  if (mode === 'slow')
    return typeof delayMs === 'number' && Number.isInteger(delayMs)
      ? parseFault(['slow', String(delayMs)])
      : 'slow needs delayMs, a whole number';
  return delayMs === undefined ? parseFault([mode]) : `${mode} takes no delayMs`;
}

export function describeFault(fault: Fault): string {
  return fault.mode === 'slow' ? `slow (${fault.delayMs} ms a request)` : fault.mode;
}
