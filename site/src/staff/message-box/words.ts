/** The back office's words for message box (Korean). */
import { EXPORT_LINK_LIFETIME_MS, type ExportJobFailure } from '../../../../shared/exports/export-jobs';

export const MESSAGE_BOX_TEXT = {
  empty: '조건에 맞는 문의가 없습니다.',
  noMessage: '(내용 없음)',
  filters: '검색 조건',
  sectionFilter: '구분',
  all: 'ALL',
  reset: '초기화',
  export: {
    progressLabel: 'CSV 파일 만드는 중',
    progress: (written: number, total: number) =>
      `CSV 파일 만드는 중: ${written.toLocaleString('ko-KR')} / ${total.toLocaleString('ko-KR')}건 (${total > 0 ? Math.floor((Math.min(written, total) / total) * 100) : 0}%)`,
    started: '문의가 많아 CSV 파일을 따로 만들고 있습니다. 준비되면 바로 내려받습니다.',
    saved: 'CSV 파일을 내려받았습니다.',
    retry: '다시 시도',
    underWay:
      '이미 진행 중인 CSV 내보내기가 있어 새로 시작하지 않았습니다. 진행 중인 내보내기를 보여 드리며, 끝나면 그 파일을 내려받습니다. 새 내보내기는 그 뒤에 시작해 주세요.',
    expired: `CSV 파일을 만든 지 ${EXPORT_LINK_LIFETIME_MS / 3_600_000}시간이 지나 더는 내려받을 수 없습니다. 내보내기를 다시 시작해 주세요.`,
    failed: {
      reading: '문의를 읽지 못해 CSV 파일을 만들지 못했습니다. 다시 시도해 주세요.',
      storage:
        '파일 저장소가 CSV 파일을 받지 않아 내보내기가 중단되었습니다. 남은 파일은 없습니다. 다시 시도해 주세요.',
      stalled: 'CSV 파일을 만드는 작업이 도중에 멈췄습니다. 다시 시도해 주세요.',
      erased: '내보내는 동안 문의가 삭제되어(개인정보 삭제·보존 기간) 파일을 버렸습니다. 다시 시도해 주세요.',
    } satisfies Record<ExportJobFailure, string>,
  },
  total: (count: number) => `총 ${count.toLocaleString('ko-KR')}건`,
  spamOnly: '스팸 의심만 보기',
  statusFilter: '상태',
  ownerFilter: '담당',
  mine: '내 문의',
  unread: '새 메시지',
  unreadMeaning: ' (방문자의 답장, 아직 읽지 않음)',
  unassigned: '미배정',
  referenceSearch: '접수 번호',
  referencePlaceholder: 'MT-000123',
  find: '찾기',
  firstPage: '처음으로',
  waited: (hours: number) =>
    hours < 1 ? '1시간 미만' : hours < 24 ? `${hours}시간` : `${Math.floor(hours / 24)}일 ${hours % 24}시간`,
  retentionDue: (count: number, months: number) =>
    `보관 기간(${months}개월)이 지난 문의 ${count.toLocaleString('ko-KR')}건이 오늘 밤 자동 삭제됩니다. 보존이 필요한 문의는 관리자가 법적 보존을 설정하세요.`,
} as const;
