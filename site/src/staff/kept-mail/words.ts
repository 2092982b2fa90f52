/** The back office's words for the kept mail box (Korean). */
import type { AttachBar } from '../../../../shared/conversation/kept-mail';
import type { KeptBox } from '../../../../shared/conversation/visitor-messages';

export const KEPT_MAIL_TEXT = {
  title: '보관 메일함',
  intro:
    '문의 대화에 들어가지 않은 수신 메일입니다. 버리지 않고 여기에 보관합니다. 알맞은 문의에 연결하거나 폐기하세요.',
  boxes: {
    unmatched: '연결 안 된 메일',
    quarantine: '격리된 메일',
    'auto-reply': '자동 응답',
    refused: '거부된 메일',
  } satisfies Record<KeptBox, string>,
  boxNote: {
    unmatched: '어느 문의에 대한 답장인지 알 수 없는 메일입니다 (회신 주소가 없거나 맞지 않거나 교체됨).',
    quarantine: '스팸·바이러스·발신자 인증 검사에 실패한 메일입니다. 연결하기 전에 보낸 사람을 꼭 확인하세요.',
    'auto-reply': '부재중 알림, 반송 메일 등 자동으로 보내진 메일입니다.',
    refused: '크기나 발송 횟수 제한을 넘었거나 읽을 수 없어 대화에 넣지 않은 메일입니다.',
  } satisfies Record<KeptBox, string>,
  /** Why a mail was kept apart, in plain words. */
  reasons: {
    no_match: '어느 문의에도 맞지 않는 주소로 왔습니다',
    forged: '회신 주소가 올바르지 않습니다 (위조되었거나 잘못 입력됨)',
    enquiry_gone: '답장한 문의가 삭제되었습니다',
    address_replaced:
      '방문자 링크를 교체하기 전의 회신 주소로 왔습니다. 예전 메일을 가진 다른 사람이 보냈을 수 있으니, 보낸 사람이 방문자 본인인지 확인한 뒤 연결하세요',
    verdict: '수신 검사에 실패했습니다',
    auto_reply: '메일 머리글이나 보낸 주소로 보아 자동으로 보내진 메일입니다 (부재중 알림, 반송 등)',
    auto_reply_subject:
      '제목이 자동 응답 표시로 시작해 자동 응답으로 보았습니다. 방문자가 직접 쓴 메일이면 문의에 연결하세요',
    too_large: '너무 커서 읽지 않았습니다',
    unreadable: '형식이 깨져 읽을 수 없습니다 (머리글이 너무 크거나 파트가 너무 많음)',
    sender_limit: '같은 보낸 사람의 메일이 한 시간 제한을 넘었습니다',
    enquiry_limit: '같은 문의로 온 메일이 하루 제한을 넘었습니다',
    unverified_limit:
      '발신자 인증이 안 된 메일이 이 문의의 하루 제한을 넘었습니다 (방문자 본인의 인증된 메일은 따로 셉니다)',
  } as Record<string, string>,
  count: (count: number, more: boolean) => (more ? `${count}건 표시 (더 있습니다)` : `${count}건`),
  noneFound: (words: string, more: boolean) =>
    more
      ? `"${words}"에 맞는 메일을 아직 찾지 못했습니다. 더 찾아보려면 '더 보기'를 누르세요.`
      : `"${words}"에 맞는 메일이 없습니다.`,
  search: '보낸 사람 또는 제목으로 찾기',
  searchButton: '찾기',
  more: '더 보기',
  empty: '이 메일함은 비어 있습니다.',
  from: '보낸 사람',
  noFrom: '(보낸 사람 없음)',
  subject: '제목',
  noSubject: '(제목 없음)',
  to: '받는 주소',
  receivedAt: '받은 시각 (한국 시간)',
  reason: '보관 이유',
  verdicts: '수신 검사',
  verdictFailed: (names: string) => `실패: ${names}`,
  verdictsPassed: '이상 없음',
  verdictsUnchecked: (names: string) => `확인되지 않음: ${names} (판정 없음, 또는 이 환경에서는 검사하지 않음)`,
  attachments: '첨부 파일',
  noAttachments: '없음',
  suggested: (reference: string) => `제목에 적힌 문의: ${reference} (추천일 뿐입니다. 내용을 확인하세요)`,
  matched: (reference: string) => `관련 문의: ${reference}`,
  senderDiffers: (from: string, reference: string) =>
    `보낸 사람(${from})이 ${reference}의 이메일 주소와 다릅니다. 다른 사람이 방문자인 것처럼 보냈을 수 있으니, 방문자 본인인지 확인한 뒤 연결하세요.`,
  senderUnchecked: '보낸 사람을 문의의 이메일 주소와 비교하지 못했습니다. 연결하기 전에 확인하세요.',
  attaching: (reference: string) => `${reference}에 연결하다 멈췄습니다. 같은 문의에 다시 연결하면 마무리됩니다.`,
  readText: '본문 보기',
  hideText: '본문 닫기',
  textLoading: '본문을 읽는 중…',
  textCut: '메시지가 길어 앞부분만 표시합니다.',
  textEmpty: '(새로 쓴 내용이 없습니다.)',
  textFailed: '본문을 읽지 못했습니다.',
  attach: '문의에 연결',
  rawDownload: '원본 메일 내려받기 (관리자)',
  rawDownloading: '내려받는 중…',
  rawNotScanned: '원본 메일의 악성코드 검사가 아직 끝나지 않았거나 검사할 수 없어 내려받을 수 없습니다.',
  rawInfected: '원본 메일에서 악성코드가 발견되어 내려받을 수 없습니다. 폐기하세요.',
  rawGone: '이 메일은 더 이상 보관되어 있지 않습니다. 페이지를 새로 고치세요.',
  rawFailed: '원본 메일을 내려받지 못했습니다. 잠시 후 다시 시도하세요.',
  discard: '폐기',
  attachTitle: '문의에 연결',
  attachIndex: '문의 번호 (예: MT-000123)',
  attachHint: '연결하면 이 메일이 그 문의의 대화에 방문자 메시지로 들어가고, 담당자에게 새 메시지 알림이 갑니다.',
  badReference: '문의 번호를 MT-000123 또는 123 형식으로 입력하세요.',
  quarantineWarning:
    '이 메일은 스팸 또는 발신자 인증 검사에 실패했습니다. 보낸 사람이 방문자 본인인지 확인했을 때만 연결하세요.',
  quarantineConfirm: '보낸 사람을 확인했으며 이 메일을 문의 대화에 넣습니다.',
  barred: {
    virus: '바이러스가 발견된 메일은 연결할 수 없습니다. 폐기만 할 수 있습니다.',
    too_large: '너무 커서 읽지 않은 메일은 연결할 수 없습니다. 폐기만 할 수 있습니다.',
    unreadable:
      '형식이 깨져 읽을 수 없는 메일은 연결할 수 없습니다. 받은 그대로 보관되어 있으며, 폐기만 할 수 있습니다.',
  } satisfies Record<AttachBar, string>,
  attached: (reference: string) => `${reference}의 대화에 연결했습니다.`,
  openEnquiry: '문의 열기',
  discardTitle: '메일 폐기',
  discardConfirm: '이 메일과 원본을 삭제합니다. 되돌릴 수 없습니다.',
  discarded: '메일을 폐기했습니다.',
  notFound: '이 메일이나 문의를 찾을 수 없습니다. 이미 처리되었거나 문의가 삭제되었을 수 있습니다.',
  conflict: '이 메일은 이미 다른 문의에 연결되었거나 연결 중입니다.',
  failed: '처리하지 못했습니다. 잠시 후 다시 시도하세요.',
} as const;
