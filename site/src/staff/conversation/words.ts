/** The back office's words for the visitors' messages in a thread (Korean). */
import type { AttachmentRefusal, AttachmentScan, VerdictName } from '../../../../shared/conversation/visitor-messages';

export const CONVERSATION_TEXT = {
  /** The history line of a visitor's message by mail. */
  byMail: (subject: string) => (subject ? `방문자 메일 회신: ${subject}` : '방문자 메일 회신'),
  /** The history line of a message written on the visitor's page, and who the history says wrote it. */
  fromPage: (suspected: boolean) => `방문자 메시지 (문의 페이지)${suspected ? ' · 스팸 의심' : ''}`,
  visitor: '방문자',
  receivedAt: (when: string) => `받은 시각 ${when} (한국 시간)`,
  attachedBy: (staff: string) => `${staff}님이 보관 메일함에서 이 문의에 연결한 메일입니다.`,
  notEnquiryAddress: '문의에 적힌 주소가 아닌 곳에서 보낸 메일입니다. 보낸 사람을 확인하세요.',
  /** From the enquiry's address by its From only: the sending domain did not vouch for it (SPF, DKIM, DMARC). */
  unverifiedSender:
    '문의에 적힌 주소로 보냈다고 되어 있지만 발신자 인증(SPF·DKIM)이 확인되지 않은 메일입니다. 주소를 꾸며 보냈을 수 있으니, 예약 취소나 변경 같은 요청은 방문자 본인인지 확인한 뒤 처리하세요.',
  cut: '메시지가 길어 앞부분만 표시합니다. 전체 원문은 보관되어 있습니다.',
  empty: '(내용이 없는 메일입니다.)',
  /** The whole mail behind a disclosure, when the thread shows only what was written this time. */
  showWhole: '메일 전체 보기 (인용된 이전 메일과 서명 포함)',
  wholeCut: '메일이 길어 앞부분만 표시합니다. 전체 원문은 보관되어 있습니다.',
  shownInFull: '새로 쓴 부분을 따로 찾지 못해 메일 전체를 표시합니다.',
  textUnreadable: '메일 본문(HTML)이 너무 길거나 복잡해 글로 읽지 못했습니다. 받은 원본은 보관되어 있습니다.',
  attachments: '첨부 파일',
  size: (bytes: number) =>
    bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`,
  refused: {
    type: '허용되지 않는 형식이라 보관하지 않음',
    inflation: '압축을 풀면 지나치게 커지는 문서라 보관하지 않음',
    active_content: '매크로나 실행 파일이 들어 있는 문서라 보관하지 않음',
    unreadable: '문서 구조를 읽을 수 없어 보관하지 않음',
    too_large: '너무 커서 보관하지 않음',
    too_many: '첨부 파일 수 제한을 넘어 보관하지 않음',
  } satisfies Record<AttachmentRefusal, string>,
  /** Why a kept attachment has no download button: its malware scan has not found it clean. */
  scan: {
    pending: '악성코드 검사 중이라 아직 내려받을 수 없음 · 잠시 후 페이지를 새로 고치세요',
    infected: '악성코드가 발견되어 내려받을 수 없음',
    unscannable:
      '악성코드 검사를 할 수 없는 파일(암호가 걸렸거나 손상됨)이라 내려받을 수 없음 · 방문자에게 다른 파일을 요청하세요',
  } satisfies Record<Exclude<AttachmentScan, 'clean'>, string>,
  /** A kept attachment's button: its name and size; what a screen reader says of it. */
  download: (label: string) => `내려받기: ${label}`,
  downloading: '내려받는 중…',
  downloadGone: '이 첨부 파일을 찾을 수 없습니다. 문의가 삭제되었을 수 있습니다. 페이지를 새로 고치세요.',
  downloadFailed: '첨부 파일을 내려받지 못했습니다. 잠시 후 다시 시도하세요.',
  downloadNotScanned: '악성코드 검사가 끝나지 않은 파일이라 내려받을 수 없습니다. 잠시 후 페이지를 새로 고치세요.',
  downloadInfected: '악성코드가 발견된 파일이라 내려받을 수 없습니다.',
  verdictWarning: (names: string) => `수신 검사 경고: ${names}`,
  verdicts: { spam: '스팸', virus: '바이러스', spf: 'SPF', dkim: 'DKIM', dmarc: 'DMARC' } satisfies Record<
    VerdictName,
    string
  >,
} as const;
