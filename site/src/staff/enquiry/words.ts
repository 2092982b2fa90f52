/** The back office's words for enquiry (Korean). */

export const ENQUIRY_TEXT = {
  detailTitle: (reference: string) => `문의 ${reference}`,
  work: {
    heading: '처리',
    status: '상태',
    owner: '담당자',
    nobody: '미배정',
    take: '내가 맡기',
    release: '배정 해제',
    assignTo: '담당자 지정',
    choose: '선택',
    assign: '지정',
    ownerRefused: '이 계정에는 문의를 맡길 수 없습니다. 사용 중인 상담 직원이나 관리자만 담당할 수 있습니다.',
    saveStatus: '상태 저장',
    conflict: '다른 직원이 먼저 이 문의를 변경했습니다. 지금 상태를 다시 불러왔습니다. 확인 후 다시 시도해 주세요.',
    failed: '변경하지 못했습니다. 다시 시도해 주세요.',
    updated: (when: string) => `마지막 변경 ${when}`,
  },
  history: {
    heading: '기록',
    empty: '아직 기록이 없습니다.',
    received: '문의 접수',
    status: (from: string, to: string) => `상태 변경: ${from} → ${to}`,
    owner: (from: string, to: string) => `담당 변경: ${from || '미배정'} → ${to || '미배정'}`,
    reply: (subject: string) => `답장 발송: ${subject}`,
    note: '메모',
    tags: (added: readonly string[], removed: readonly string[]) =>
      [added.length ? `태그 추가: ${added.join(', ')}` : '', removed.length ? `태그 삭제: ${removed.join(', ')}` : '']
        .filter(Boolean)
        .join(' · ') || '태그 변경',
    visitorMessage: (suspected: boolean) => `방문자 메시지 (문의 페이지)${suspected ? ' · 스팸 의심' : ''}`,
    visitorLink: '방문자 페이지 링크 교체 (새 링크 메일 발송)',
    visitor: '방문자',
    addNote: '메모 추가',
    notePlaceholder: '내부 메모 (방문자에게 보이지 않습니다)',
    noteSaved: '메모를 저장했습니다.',
  },
  channel: '선호 연락 방법',
  pageLanguage: '문의 페이지 언어',
  visitorLink: {
    heading: '방문자 페이지 링크',
    explain:
      '방문자는 메일에 있는 링크로 자기 문의 페이지를 열어 진행 상황과 답장을 보고 메시지를 보냅니다. 링크가 다른 사람에게 전달되었다면 새 링크로 바꾸세요.',
    replace: '링크 교체',
    confirmTitle: '방문자 페이지 링크를 교체할까요?',
    confirm:
      '지금까지 보낸 링크는 모두 더 이상 열리지 않고, 새 링크를 방문자에게 메일로 보냅니다 (문의 페이지의 언어로).',
    submit: '교체하고 메일 보내기',
    done: (mailStatus: string) => `새 링크를 만들었습니다. 메일: ${mailStatus}`,
    failed: '링크를 교체하지 못했습니다. 다시 시도해 주세요.',
  },
  reference: '접수 번호',
  backToList: '목록으로',
  notFound: '해당 문의를 찾을 수 없습니다.',
  hold: {
    heading: '법적 보존',
    held: (reason: string) => `보존 중: ${reason}`,
    explain: '보존 중인 문의는 보관 기간이 지나도, 삭제 요청이 와도 지워지지 않습니다.',
    reason: '보존 사유',
    set: '보존 설정',
    lift: '보존 해제',
    failed: '변경하지 못했습니다. 다시 시도해 주세요.',
  },
} as const;
