/**
 * Which part of Lighthouse's Total Blocking Time the browser makes on its own.
 * Lighthouse lists the long tasks of a run (simulated: observed time times the
 * CPU slowdown) with the script or page each belongs to; one it can tie to
 * neither is the browser's own work for the navigation, such as committing it
 * and creating the page's JavaScript context, which any page pays.
 */

/** A row of Lighthouse's long-tasks audit. */
export interface LongTask {
  url: string;
  startTime: number;
  duration: number;
}

/** Lighthouse's name for a task it could attribute to neither the page nor any script. */
const UNATTRIBUTABLE = 'Unattributable';
/** Lighthouse counts the part of a task beyond 50 ms as blocking. */
const BLOCKING_THRESHOLD_MS = 50;

/** Blocking time of the browser's own (unattributable) long tasks between simulated FCP and TTI, as TBT counts it. */
export function browserBlockingMs(tasks: LongTask[], fcpMs: number, ttiMs: number): number {
  return tasks
    .filter((task) => task.url === UNATTRIBUTABLE)
    .reduce((total, task) => {
      const clipped = Math.min(task.startTime + task.duration, ttiMs) - Math.max(task.startTime, fcpMs);
      return total + Math.max(0, clipped - BLOCKING_THRESHOLD_MS);
    }, 0);
}
