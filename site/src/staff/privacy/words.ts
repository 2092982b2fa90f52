/** The back office's words for privacy (Korean). */

export const PRIVACY_TEXT = {
  accessLogPage: {
    filters: '조회 조건',
    actor: '사용자',
    action: '작업',
    anyAction: '전체',
    group: (group: string) => `${group}.* 전체`,
    target: '대상',
    columns: { at: '일시 (한국 시간)', actor: '사용자', action: '작업', target: '대상', client: '접속 주소' },
    empty: '조건에 맞는 기록이 없습니다.',
    count: (count: number) => `${count.toLocaleString('ko-KR')}건`,
    countSoFar: (count: number) => `최근 ${count.toLocaleString('ko-KR')}건 (더 있음: 아래 '더 보기' 또는 CSV로 전부)`,
    more: '더 보기',
    /** A counted row: the refusals of one source and route in a quarter hour. */
    counted: (count: number, last: string) => `${count.toLocaleString('ko-KR')}회, 마지막 ${last}`,
    spanHint: (days: number) => `한 번에 최대 ${days}일`,
  },
  privacyPage: {
    intro:
      '방문자가 자신의 개인정보 열람·삭제를 요청하면, 요청한 이메일 주소로 그 사람의 문의를 찾아 내려받거나 삭제합니다.',
    email: '방문자 이메일',
    find: '찾기',
    none: '이 주소로 받은 문의나 메일이 없습니다.',
    found: (count: number) => `이 주소의 문의 ${count}건`,
    /** Mail received from the address that went into no thread (unmatched, quarantined, auto-replies, refused). */
    keptMail: (count: number) =>
      `이 주소에서 받았지만 문의 기록에 들어가지 않고 따로 보관된 메일 ${count}건 (내려받기에 포함, 삭제 시 함께 삭제)`,
    columns: { reference: '접수 번호', date: '접수 일시', section: '구분', status: '상태', hold: '법적 보존' },
    held: '보존 중',
    exportJson: '전체 내려받기 (JSON)',
    exportFailed: '내려받지 못했습니다.',
    erase: '삭제…',
    eraseTitle: '개인정보 삭제',
    eraseWarning: (count: number, kept: number, email: string) =>
      `${email}의 문의 ${count}건과 그 기록·메모·답장, ${kept ? `따로 보관된 받은 메일 ${kept}건, ` : ''}내보낸 CSV 파일이 모두 삭제됩니다. 되돌릴 수 없습니다. 법적 보존 중인 문의는 남습니다.`,
    reason: '삭제 사유 (기록에 남습니다)',
    reasonPlaceholder: '예: 11월 20일 이메일로 삭제 요청',
    confirm: '삭제 확인: 방문자 이메일을 다시 입력하세요',
    eraseNow: '삭제',
    erased: (erased: number, held: string[], backupDays: number, kept = 0) =>
      `${erased}건을 삭제했습니다.` +
      (kept ? ` 따로 보관된 받은 메일 ${kept}건도 삭제했습니다.` : '') +
      (held.length ? ` 법적 보존 중이라 남긴 문의: ${held.join(', ')}` : '') +
      (erased || kept
        ? ` 장애 복구용 백업에는 ${backupDays}일 동안 남아 있다가 사라집니다. 방문자에게도 그렇게 안내하세요.`
        : ''),
    eraseFailed: '삭제하지 못했습니다. 다시 시도해 주세요.',
  },
} as const;
