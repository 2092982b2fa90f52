/** The back office's words for merging duplicate enquiries (Korean). */
import { MERGE_UNDO_DAYS } from '../../../../shared/merging/merges';
import type { RelatedMatch } from '../../../../shared/merging/related-enquiries';

export const MERGING_TEXT = {
  heading: '같은 방문자의 다른 문의',
  explain: '이메일 주소(대소문자 무시)나 전화번호가 같은 문의입니다.',
  none: '다른 문의 없음',
  failed: '다른 문의를 불러오지 못했습니다.',
  columns: {
    reference: '문의 번호',
    section: '구분',
    date: '접수 일시',
    status: '상태',
    matched: '같은 항목',
    merge: '병합',
  },
  matched: { email: '이메일', phone: '전화번호' } satisfies Record<RelatedMatch, string>,
  more: (count: number) => `외 ${count.toLocaleString('ko-KR')}건 (최근 문의만 표시)`,
  /** A 409: said instead of the action's `failed`, before the API's own sentence. */
  conflict:
    '그사이 다른 직원이 두 문의 중 하나를 변경했습니다. 최신 상태를 다시 불러왔습니다. 확인 후 다시 시도해 주세요.',
  merge: {
    button: '이 문의로 병합',
    label: (other: string) => `${other} 문의를 이 문의로 병합`,
    title: '문의 병합',
    confirm: (other: string, into: string) =>
      `${other} 문의를 ${into} 문의로 병합합니다. ${other}의 메시지와 기록이 ${into}로 옮겨지고, ${other}는 ${into}로 연결됩니다. ${MERGE_UNDO_DAYS}일 동안 병합을 취소할 수 있습니다.`,
    submit: '병합',
    failed: '병합하지 못했습니다.',
    mergedAway: (into: string) => `${into}로 병합됨`,
    mergeThere: (other: string) => `다른 문의가 병합된 문의: ${other} 페이지에서 이 문의를 병합하세요`,
  },
  merged: {
    heading: '병합된 문의',
    line: (when: string, by: string) => `${when} ${by} 병합`,
    button: '병합 취소',
    label: (other: string) => `${other} 병합 취소`,
    until: (when: string) => `${when}까지 취소 가능`,
    over: '취소 기한 지남',
    title: '병합 취소',
    submit: '병합 취소',
    confirm: (other: string, into: string) =>
      `${other} 문의를 ${into} 문의에서 되돌립니다. 병합으로 옮겨진 메시지와 기록이 ${other}로 돌아갑니다.`,
    failed: '병합을 취소하지 못했습니다.',
  },
  mergedInto: {
    notice: (into: string) => `이 문의는 ${into} 로 병합되었습니다.`,
    open: (into: string) => `${into} 문의 열기`,
  },
  split: {
    heading: '메시지 분리',
    explain: '다른 용건의 메시지는 새 문의로 분리할 수 있습니다. 분리한 뒤 새 문의 페이지로 이동합니다.',
    button: '새 문의로 분리',
    label: (when: string) => `${when} 메시지를 새 문의로 분리`,
    title: '새 문의로 분리',
    submit: '분리',
    confirm: (when: string, from: string) =>
      `${when}에 받은 방문자 메시지를 ${from}에서 떼어 새 문의로 만듭니다. 이 메시지는 ${from}의 기록에서 빠집니다.`,
    failed: '메시지를 분리하지 못했습니다.',
  },
  /** The history lines; `from` the enquiry that went (or was split from), `to` the one it went to. */
  history: {
    merge: (from: string, to: string) => `${from} 문의를 ${to} 문의로 병합`,
    unmerge: (from: string, to: string) => `병합 취소: ${from} 문의를 ${to} 문의에서 되돌림`,
    split: (from: string, to: string) => `${from} 문의의 메시지를 ${to} 새 문의로 분리`,
    /** Above the merged enquiry's own form message, kept in the merge's line. */
    formMessage: (from: string) => `${from} 문의 내용`,
  },
} as const;
