/** The back office's words for machine translations of what visitors wrote (Korean; issue 26). */
import type { TranslationState } from '../../../../shared/translation/staff-translation';

export const TRANSLATION_TEXT = {
  /** Above every translation, with the engine that made it: never taken for a person's. */
  label: (engine: string) => `기계 번역 (${engine})`,
  showOriginal: '원문 보기',
  /** Where a translation not yet shown stands. */
  states: {
    pending: '번역 대기 중',
    capped: '번역 한도 초과 — 내일 번역됩니다',
    failed: '번역 실패',
    refused: '번역할 수 없음',
  } satisfies Record<Exclude<TranslationState, 'done'>, string>,
  askAgain: '다시 번역 요청',
  asking: '요청하는 중…',
  askFailed: '번역을 다시 요청하지 못했습니다. 잠시 후 다시 시도하세요.',
} as const;
