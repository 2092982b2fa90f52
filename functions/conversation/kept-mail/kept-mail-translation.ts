/**
 * A kept mail in Korean: its new text (as the thread would keep it)
 * machine-translated when a staff member reads it, through the translation
 * feature's one path to the engine and its budget
 * (functions/translation/budgeted-translation.ts): the day's cap, and the
 * fair shares of its sender and of the enquiry it was matched to (never the
 * one its subject names: anyone can type a reference, and would spend that
 * patient's share). A staff member asking again, past a share, has it made
 * within the day's cap.
 *
 * Made on request and never stored: the box keeps no words of a mail but
 * its raw message, so there is nothing more to erase with it, and most kept
 * mail (spam, bounces) is never read, so none of it is translated unread.
 * Reading it again translates it again, counted again.
 */
import type { KeptMailTranslation } from '../../../shared/conversation/kept-mail';
import type { KeptMailTranslateRequest } from '../../../shared/conversation/kept-mail-schema';
import { sourceLanguageFor } from '../../../shared/translation/source-language';
import type { TranslationView } from '../../../shared/translation/staff-translation';
import { STAFF_LANGUAGE } from '../../../shared/translation/translation';
import {
  type BudgetedOutcome,
  type BudgetedTranslationDeps,
  translateWithinBudget,
} from '../../translation/budgeted-translation';
import { SHARE_CAP } from '../../translation/fair-share';
import { threadText } from '../inbound-processing';
import { type KeptMailDeps, keptOrRefused, readKept } from './kept-mail';

export type KeptMailTranslationDeps = KeptMailDeps & BudgetedTranslationDeps;

/** What staff see of an outcome, as of a thread message's translation. */
function viewOf(source: string, outcome: BudgetedOutcome, now: number): TranslationView {
  switch (outcome.state) {
    case 'done':
      return {
        source,
        state: 'done',
        texts: outcome.texts,
        engine: outcome.engine,
        translatedAt: new Date(now).toISOString(),
      };
    case 'capped':
      return { source, state: 'capped', ...(outcome.problem === SHARE_CAP ? { overShare: true } : {}) };
    case 'refused':
    case 'failed':
      return { source, state: outcome.state };
  }
}

/** The kept mail's text in Korean, or where its translation stands; none for a text in Korean already, or empty. */
export async function translateKeptMail(
  deps: KeptMailTranslationDeps,
  request: KeptMailTranslateRequest,
): Promise<KeptMailTranslation> {
  const mail = await keptOrRefused(deps, request.key);
  const { text } = threadText(await readKept(deps, mail));
  const from = sourceLanguageFor(text, STAFF_LANGUAGE);
  if (!text.trim() || from === STAFF_LANGUAGE) return { key: mail.key };
  const now = deps.clock.now();
  const outcome = await translateWithinBudget(
    deps,
    {
      holder: {
        ...(mail.postIndex !== undefined ? { postIndex: mail.postIndex } : {}),
        ...(mail.from ? { sender: mail.from } : {}),
      },
      texts: { text },
      from,
      to: STAFF_LANGUAGE,
      ...(request.again ? { staffAsked: true } : {}),
    },
    now,
  );
  if (outcome.state === 'failed')
    deps.log.warn('kept mail translation failed', {
      box: mail.box,
      errorName: outcome.error instanceof Error ? outcome.error.name : typeof outcome.error,
    });
  return { key: mail.key, translation: viewOf(mail.key, outcome, now) };
}
