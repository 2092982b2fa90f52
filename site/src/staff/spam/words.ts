/** The back office's words for suspected spam (Korean). */

/** Why the form's spam defence held an enquiry apart, as its SPAM_REASON names it (functions/intake/enquiry-intake.ts). */
const REASONS: Record<string, string> = {
  honeypot: '사람에게는 보이지 않는 입력란이 채워짐',
  'filled too fast': '3초 안에 작성되어 전송됨',
};

export const SPAM_TEXT = {
  reason: (reason: string | undefined) => (reason ? (REASONS[reason] ?? reason) : '알 수 없음'),
  waiting: (count: number) =>
    `스팸 의심으로 따로 보관된 문의가 ${count.toLocaleString('ko-KR')}건 있습니다. 정상 문의가 섞여 있을 수 있으니 확인해 주세요.`,
  showSpam: '스팸 의심 목록 보기',
  panel: {
    heading: '스팸 의심',
    explain: (reason: string) =>
      `이 문의는 스팸 의심으로 분류되어 메시지함에 없고, 방문자에게 접수 확인 메일도 보내지 않았습니다. 사유: ${reason}.`,
    button: '정상 문의로 표시',
    title: '정상 문의로 표시',
    confirm: (reference: string) =>
      `${reference} 문의를 정상 문의로 표시합니다. 지금 접수된 신규 문의로 메시지함에 들어가고, 직원 알림과 방문자 접수 확인 메일이 발송됩니다.`,
    submit: '메시지함으로 옮기기',
    failed: '정상 문의로 표시하지 못했습니다.',
    conflict: '그사이 다른 직원이 이 문의를 변경했습니다. 최신 상태를 다시 불러왔습니다. 확인 후 다시 시도해 주세요.',
  },
  history: (firstReceived: string, reason: string) =>
    `스팸 의심에서 정상 문의로 표시 (처음 접수 ${firstReceived} 한국 시간, 사유: ${reason})`,
};
