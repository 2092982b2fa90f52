/** The back office's words for machine translations of what visitors wrote (Korean). */
import { TRANSLATION_WORDS } from '../../../../shared/translation/translation-words';

export const TRANSLATION_TEXT = {
  ...TRANSLATION_WORDS,
  showOriginal: '원문 보기',
  askAgain: '다시 번역 요청',
  asking: '요청하는 중…',
  /** After asking: the page does not look again by itself. */
  askedHint: '번역되면 페이지를 새로 고쳐 확인하세요.',
  askFailed: '번역을 다시 요청하지 못했습니다. 잠시 후 다시 시도하세요.',
} as const;
