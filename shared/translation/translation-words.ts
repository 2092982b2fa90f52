/**
 * The Korean words for a machine translation of what a visitor wrote,
 * wherever staff read it: the back office's screens and the notices mailed
 * to staff.
 */
import type { TranslationState } from './staff-translation';

export const TRANSLATION_WORDS = {
  /** Above or beside every translation, with the engine that made it: never taken for a person's. */
  label: (engine: string) => `기계 번역 (${engine})`,
  /** Where a translation not yet shown stands. */
  states: {
    pending: '번역 대기 중',
    capped: '번역 한도 초과 — 내일 번역됩니다',
    failed: '번역 실패',
    refused: '번역할 수 없음',
  } satisfies Record<Exclude<TranslationState, 'done'>, string>,
  /** Capped by its enquiry's or sender's share of the day: a staff member asking again has it made today. */
  overShare: '이 문의(보낸 사람)의 오늘 번역 몫을 넘어 내일 번역됩니다. 지금 필요하면 다시 요청하세요.',
} as const;
