/** The back office's words for merging duplicate enquiries (Korean). */
import type { RelatedMatch } from '../../../../shared/merging/related-enquiries';

export const MERGING_TEXT = {
  heading: '같은 방문자의 다른 문의',
  explain: '이메일 주소(대소문자 무시)나 전화번호가 같은 문의입니다.',
  none: '다른 문의 없음',
  failed: '다른 문의를 불러오지 못했습니다.',
  columns: { reference: '문의 번호', section: '구분', date: '접수 일시', status: '상태', matched: '같은 항목' },
  matched: { email: '이메일', phone: '전화번호' } satisfies Record<RelatedMatch, string>,
  more: (count: number) => `외 ${count.toLocaleString('ko-KR')}건 (최근 문의만 표시)`,
} as const;
