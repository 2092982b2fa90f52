/**
 * One translation within the day's budget: the holder's fair shares of the
 * day (fair-share.ts: its enquiry's and its sender's, unless a staff member
 * asked for it), then the day's own cap (daily-chars.ts), counted before the
 * engine is asked; what a failed call did not use is given back. The
 * translation job (translation-work.ts) makes each queued translation
 * through it, and the kept mail box (functions/conversation/kept-mail/) the
 * translation of a mail a staff member reads: one path to the engine, one
 * budget.
 */
import type { TranslationLanguage } from '../../shared/translation/translation';
import type { AppDeps } from '../deps';
import { reserveDailyChars } from './daily-chars';
import { SHARE_CAP, type ShareHolder, reserveShares } from './fair-share';
import { type TranslatedTexts, TranslationRefused } from './ports';

export type BudgetedTranslationDeps = Pick<AppDeps, 'translator' | 'counters' | 'throttle' | 'settings'>;

export interface BudgetedRequest {
  /** Whose shares it counts against. */
  holder: ShareHolder;
  texts: TranslatedTexts;
  from: TranslationLanguage | 'auto';
  to: TranslationLanguage;
  /** A staff member asked for it: the holder's shares do not hold it back (the day's cap still does). */
  staffAsked?: boolean;
}

export type BudgetedOutcome =
  | { state: 'done'; texts: TranslatedTexts; engine: string; detected?: string; chars: number }
  /** Past a share (`share_cap`) or the day's cap (`daily_cap`): nothing was asked of the engine. */
  | { state: 'capped'; problem: typeof SHARE_CAP | 'daily_cap'; chars: number }
  /** The engine will not translate it (its reason): trying again will not change that. */
  | { state: 'refused'; problem: string }
  /** The engine failed: worth trying again. */
  | { state: 'failed'; error: unknown };

/** Translates each text within the budget; never throws for the engine's failures (only for the counters'). */
export async function translateWithinBudget(
  deps: BudgetedTranslationDeps,
  request: BudgetedRequest,
  now: number,
): Promise<BudgetedOutcome> {
  const chars = Object.values(request.texts).reduce((sum, text) => sum + text.length, 0);
  const shareBack = request.staffAsked ? async () => undefined : await reserveShares(deps, request.holder, chars, now);
  if (!shareBack) return { state: 'capped', problem: SHARE_CAP, chars };
  const dayBack = await reserveDailyChars(deps, chars, now);
  if (!dayBack) {
    await shareBack();
    return { state: 'capped', problem: 'daily_cap', chars };
  }
  try {
    const translated: TranslatedTexts = {};
    let detected: string | undefined;
    for (const [field, text] of Object.entries(request.texts)) {
      const result = await deps.translator.translate({ text, source: request.from, target: request.to });
      translated[field] = result.text;
      detected ??= result.source;
    }
    return {
      state: 'done',
      texts: translated,
      engine: deps.translator.engine,
      ...(detected ? { detected } : {}),
      chars,
    };
  } catch (error) {
    // Characters of a call that failed were not translated: the day's count and the shares get them back.
    await Promise.all([dayBack(), shareBack()]);
    if (error instanceof TranslationRefused) return { state: 'refused', problem: error.reason };
    return { state: 'failed', error };
  }
}
