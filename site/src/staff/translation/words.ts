/** The back office's words for machine translations of what visitors wrote (Korean; issue 26). */
import { TRANSLATION_WORDS } from '../../../../shared/translation/translation-words';

export const TRANSLATION_TEXT = {
  ...TRANSLATION_WORDS,
  showOriginal: '원문 보기',
  askAgain: '다시 번역 요청',
  asking: '요청하는 중…',
  askFailed: '번역을 다시 요청하지 못했습니다. 잠시 후 다시 시도하세요.',
} as const;
