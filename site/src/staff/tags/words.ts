/** The back office's words for tags (Korean). */
import { TAG_MAX_LENGTH, TAGS_PER_ENQUIRY_MAX } from '../../../../shared/tags/tags';

export const TAGS_TEXT = {
  heading: '태그',
  none: '태그가 없습니다.',
  input: '새 태그',
  hint: `쉼표로 여러 개를 한 번에 추가할 수 있습니다. 태그 하나는 ${TAG_MAX_LENGTH}자까지, 문의 하나에 ${TAGS_PER_ENQUIRY_MAX}개까지입니다.`,
  placeholder: '예: VIP, 보험, 재연락',
  add: '태그 추가',
  remove: (tag: string) => `태그 “${tag}” 삭제`,
  tooLong: (tag: string) => `“${tag}”: 태그는 ${TAG_MAX_LENGTH}자까지입니다.`,
  unusable: (tag: string) => `“${tag}”: 제어 문자는 쓸 수 없습니다.`,
  tooMany: `문의 하나에 태그는 ${TAGS_PER_ENQUIRY_MAX}개까지입니다.`,
  failed: '태그를 바꾸지 못했습니다. 다시 시도해 주세요.',
  filter: '태그',
  all: '전체',
  inUse: (tag: string, count: number) => `${tag} (${count.toLocaleString('ko-KR')})`,
  showTag: (tag: string) => `태그 “${tag}” 문의 보기`,
  /** The history line of a change: the tags added and taken off. */
  changed: (added: readonly string[], removed: readonly string[]) =>
    [added.length ? `태그 추가: ${added.join(', ')}` : '', removed.length ? `태그 삭제: ${removed.join(', ')}` : '']
      .filter(Boolean)
      .join(' · ') || '태그 변경',
} as const;
