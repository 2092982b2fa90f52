/**
 * The ports of the platform below the features: the clock, the throttle
 * counters and the sealer of small secrets. Each feature keeps its own ports
 * beside it (`functions/<feature>/ports.ts`). Adapters implement them with
 * the AWS SDK; unit tests pass in-memory fakes.
 */
/** What a sealed secret is bound to: it opens only with the same context (an account's sealed TOTP secret copied to another account does not). */
export type SealingContext = Readonly<Record<string, string>>;

/**
 * Seals small secrets under a key the function never sees (KMS in AWS; the
 * local stack's own key on this machine). A function may seal, open, or
 * neither, as its IAM role allows: `open` of a sealed value fails for a
 * function without leave, for another context, and for a changed value.
 */
export interface SecretSealer {
  seal(plain: string, context: SealingContext): Promise<string>;
  open(sealed: string, context: SealingContext): Promise<string>;
}

export interface ThrottleStore {
  /** Adds `amount` (one unless said) to the counter of the current window and returns the new count. */
  hit(key: string, windowSeconds: number, now: number, amount?: number): Promise<number>;
  /** Takes `amount` (one unless said) back from the counter of the current window (never below zero). */
  release(key: string, windowSeconds: number, now: number, amount?: number): Promise<void>;
}

export interface Clock {
  now(): number;
}
