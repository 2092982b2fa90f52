/** The back office's words for templates (Korean). */

export const TEMPLATES_TEXT = {
  templatesPage: {
    section: '문의 구분',
    language: '언어',
    edited: (by: string, when: string) => `${by} · ${when} 수정`,
    isDefault: '기본 양식',
    saved: '양식을 저장했습니다.',
    placeholders: '{reference}는 접수 번호, {name}은 방문자 이름으로 바뀝니다.',
    conflict:
      '다른 직원이 먼저 이 양식을 저장했습니다. 입력하신 내용은 그대로 두었습니다. 이전 버전에서 지금 저장된 내용을 확인한 뒤 다시 저장해 주세요.',
  },
  history: {
    heading: '이전 버전',
    show: '이전 버전 보기',
    hide: '이전 버전 닫기',
    more: '더 보기',
    kept: (months: number) => `저장할 때마다 바뀌기 전 내용이 버전으로 남습니다 (바뀐 때부터 ${months}개월 보관).`,
    columns: {
      revision: '버전',
      savedBy: '저장한 사람',
      savedAt: '저장 시각',
      note: '비고',
      subject: '제목',
      view: '내용',
    },
    revision: (revision: number) => `버전 ${revision}`,
    current: '현재',
    isDefault: '기본 양식',
    restoredFrom: (revision: number) => `버전 ${revision}에서 복원`,
    view: '보기',
    viewOf: (revision: number) => `버전 ${revision} 보기`,
    close: '닫기',
    restore: '이 버전으로 되돌리기',
    confirmTitle: (revision: number) => `버전 ${revision}의 내용으로 되돌리기`,
    confirmText: (revision: number, current: number) =>
      `지금 양식(버전 ${current})을 버전 ${revision}의 내용으로 바꿉니다. 지금 내용은 이전 버전으로 남아 언제든 다시 되돌릴 수 있습니다.`,
    draftLost: '저장하지 않은 수정 내용은 사라집니다.',
    confirm: '되돌리기',
    restored: (revision: number, current: number) => `버전 ${revision}의 내용으로 되돌렸습니다 (새 버전 ${current}).`,
    gone: '이 버전은 보관 기간이 지나 더 이상 없습니다.',
    conflict:
      '다른 직원이 먼저 이 양식을 저장했습니다. 지금 내용과 이전 버전을 다시 불러왔습니다. 확인 후 다시 시도해 주세요.',
  },
} as const;
