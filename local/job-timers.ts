/**
 * The scheduled jobs of production (EventBridge there) on timers in a local
 * stack (local/stack.ts): each runs one at a time, and a failed run is logged.
 */
import type { createLog } from '../functions/platform/logging';

/** A job that never runs twice at once: a second call while one runs waits for that one. */
export function oneAtATime<T>(run: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () => {
    running ??= run().finally(() => {
      running = undefined;
    });
    return running;
  };
}

export function every(
  intervalMs: number,
  run: () => Promise<unknown>,
  log: ReturnType<typeof createLog>,
  name: string,
  now = false,
): NodeJS.Timeout {
  const tick = () =>
    void run().catch((error: unknown) =>
      log.warn(`${name} run failed`, { errorName: error instanceof Error ? error.name : typeof error }),
    );
  if (now) tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return timer;
}
