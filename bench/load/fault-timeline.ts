/**
 * When the load run breaks what: SES down for a while, Translate down across
 * part of it, DynamoDB slow and then refusing for a few seconds, S3 refusing;
 * then S3 and DynamoDB refusing once
 * more, late, while the visitors' answers to replies come in. Steps start at
 * a share of the visitors done (so the run is the same on a fast or a slow
 * machine) and hold for a few seconds of wall time. Faults are switched through the stack's
 * fault control endpoint, as `npm run fault` does.
 */
import type { FaultControlClient } from '../../local/faults/control-client';
import { type Fault, type FaultService, SERVICE_UP, describeFault } from '../../local/faults/faults';

interface Step {
  /** Share of visitors done when the step starts. */
  at: number;
  service: FaultService;
  fault: Fault;
  /** How long it holds before the service comes back (undefined: until a later step changes it). */
  holdMs?: number;
}

export const FAULT_STEPS: readonly Step[] = [
  { at: 0.1, service: 'ses', fault: { mode: 'refuse' } },
  // Translate refuses while the translation job runs beside the visitors (bench/load/translations.ts): its jobs wait for a retry.
  { at: 0.15, service: 'translate', fault: { mode: 'refuse' } },
  { at: 0.3, service: 'ses', fault: SERVICE_UP },
  { at: 0.35, service: 'translate', fault: SERVICE_UP },
  { at: 0.4, service: 'dynamodb', fault: { mode: 'slow', delayMs: 150 }, holdMs: 5_000 },
  { at: 0.55, service: 'dynamodb', fault: { mode: 'refuse' }, holdMs: 4_000 },
  { at: 0.7, service: 's3', fault: { mode: 'refuse' }, holdMs: 4_000 },
  // Again while visitors answer replies (bench/load/answers.ts): S3 down stops the SMTP door storing the raw message
  // (451, the sender retries), DynamoDB down refuses the page and the door alike.
  { at: 0.85, service: 's3', fault: { mode: 'refuse' }, holdMs: 3_000 },
  { at: 0.92, service: 'dynamodb', fault: { mode: 'refuse' }, holdMs: 3_000 },
];

export interface FaultEvent {
  service: FaultService;
  fault: string;
  /** Seconds since the load started. */
  fromS: number;
  untilS?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Plays the steps as `progress()` (0..1) passes them; resolves when every step has played and every service is back. */
export async function playFaults(
  control: FaultControlClient,
  progress: () => number,
  startedAt: number,
): Promise<FaultEvent[]> {
  const events: FaultEvent[] = [];
  const since = () => Math.round((performance.now() - startedAt) / 100) / 10;
  const open = new Map<FaultService, FaultEvent>();
  const close = (service: FaultService) => {
    const event = open.get(service);
    if (event) event.untilS = since();
    open.delete(service);
  };
  for (const step of FAULT_STEPS) {
    while (progress() < step.at) await sleep(50);
    close(step.service);
    await control.set(step.service, step.fault);
    if (step.fault.mode !== 'up') {
      const event: FaultEvent = { service: step.service, fault: describeFault(step.fault), fromS: since() };
      events.push(event);
      open.set(step.service, event);
    }
    if (step.holdMs !== undefined) {
      await sleep(step.holdMs);
      await control.set(step.service, SERVICE_UP);
      close(step.service);
    }
  }
  await control.restoreAll();
  for (const service of [...open.keys()]) close(service);
  return events;
}
