/** What every function is made from, before the stores its route names: its settings, a clock and a log. */
import type { Settings } from './config';
import type { Log } from './logging';
import type { Clock } from './ports';

export interface BaseDeps {
  settings: Settings;
  clock: Clock;
  log: Log;
}

export const systemClock: Clock = { now: () => Date.now() };

export function baseDeps(settings: Partial<Settings>, log: Log, clock: Clock = systemClock): BaseDeps {
  return { settings: settings as Settings, clock, log };
}
