/**
 * A change refused because someone else changed the same thing first (its
 * version or revision moved on since the staff member read it): nothing is
 * written, and the answer is 409 with the thing as it is now, so the page can
 * show it instead of overwriting it.
 */
import { type ApiResponse, json } from './response';

export class ChangedMeanwhile<Current = unknown> extends Error {
  constructor(
    readonly current: Current,
    /** What the 409 says, naming the thing. */
    message: string,
  ) {
    super(message);
    this.name = 'ChangedMeanwhile';
  }
}

/** Runs a change: 200 with what it answers, or 409 with the current state when someone else changed it first. */
export async function orConflict(run: () => Promise<unknown>): Promise<ApiResponse> {
  try {
    return json(200, await run());
  } catch (error) {
    if (error instanceof ChangedMeanwhile)
      return json(409, { error: 'conflict', message: error.message, current: error.current });
    throw error;
  }
}
