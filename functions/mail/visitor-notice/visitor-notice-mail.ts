/**
 * The owner's notice of a visitor's new messages (or the staff inbox's, while
 * nobody owns the enquiry): the reference, the section, and for each message
 * gathered into it (notice-gathering.ts) when and how it came, its first
 * words with their machine translation once made (or where it stands), and
 * its attachments by count and name; a link to the enquiry. Nothing the
 * staff notification does not carry already. No Reply-To: the answer goes
 * from the back office, so it is in the thread.
 */
import { SECTIONS, type Section, labelOf } from '../../../shared/enquiries/enums';
import { plainName } from '../../../shared/conversation/attachment-names';
import type { ListedAttachment } from '../../../shared/conversation/visitor-messages';
import { formatKoreaDateTime } from '../../../shared/korea-time';
import type { TranslationView } from '../../../shared/translation/staff-translation';
import { type VisitorChannel, formatReference } from '../../../shared/work/enquiry-work';
import { oneLine, previewOf } from '../html-text';
import type { Mail } from '../ports';
import { type Row, enquiryLink, rowsMail, withTranslation } from '../staff-mail';

/** One message a notice tells of. */
export interface NoticedMessage {
  /** ISO instant the message came in. */
  at: string;
  channel: VisitorChannel;
  /** Its first words (shown up to PREVIEW_MAX characters, on one line). */
  preview: string;
  /** Its attachments as the thread lists them (absent: not known, as in a notice composed from the enquiry alone). */
  attachments?: readonly Pick<ListedAttachment, 'name' | 'key'>[];
  /** Its machine translation, or where it stands. */
  translation?: TranslationView;
}

/** What the owner's notice says: the enquiry's reference and section, and the messages it tells of, oldest first. */
export interface VisitorNoticeFacts {
  postIndex: number;
  section: Section;
  messages: readonly NoticedMessage[];
}

const CHANNEL_WORDS: Record<VisitorChannel, string> = { mail: '메일 답장', page: '방문자 페이지' };
const PREVIEW = '메시지 미리 보기';
const NOT_KEPT = '보관 안 됨';

/**
 * A file's name as the thread shows it: without controls or format
 * characters (plainName), then isolated (U+2068 … U+2069, what `<bdi>` is in
 * the back office), so a right-to-left name cannot turn the line around it.
 */
const isolated = (name: string) => `\u2068${plainName(name)}\u2069`;

/** The attachments' row: how many, and each by name (one not kept says so). */
export function attachmentsLine(attachments: readonly Pick<ListedAttachment, 'name' | 'key'>[]): string {
  const names = attachments.map((file) => (file.key ? isolated(file.name) : `${isolated(file.name)} (${NOT_KEPT})`));
  return `${attachments.length}개: ${names.join(', ')}`;
}

/** The rows of one message, each label numbered when the notice tells of several. */
function messageRows(message: NoticedMessage, number: number | undefined): Row[] {
  const label = (text: string) => (number === undefined ? text : `메시지 ${number} · ${text}`);
  const translated = message.translation?.texts?.['text'];
  const rows = withTranslation(
    [
      [label('받은 일시 (한국 시간)'), formatKoreaDateTime(Date.parse(message.at))],
      [label('받은 곳'), CHANNEL_WORDS[message.channel]],
      [label(PREVIEW), previewOf(message.preview)],
    ],
    message.translation,
    new Map(translated ? [[label(PREVIEW), previewOf(translated)]] : []),
  );
  return message.attachments?.length ? [...rows, [label('첨부 파일'), attachmentsLine(message.attachments)]] : rows;
}

export function composeVisitorNotice(facts: VisitorNoticeFacts, to: string, siteUrl: string): Mail {
  const reference = formatReference(facts.postIndex);
  const count = facts.messages.length;
  const several = count > 1;
  const rows: Row[] = [
    ['접수 번호', reference],
    ['문의 구분', labelOf(SECTIONS, facts.section, 'ko')],
    ...(several ? [['메시지 수', `${count}건`] satisfies Row] : []),
    ...facts.messages.flatMap((message, index) => messageRows(message, several ? index + 1 : undefined)),
  ];
  const advice =
    '답장은 관리자 화면에서 보내 주세요. 이 메일에 답장하면 방문자에게 가지 않고 문의 기록에도 남지 않습니다.';
  const title = several
    ? `방문자가 문의 ${reference}에 새 메시지 ${count}건을 보냈습니다`
    : `방문자가 문의 ${reference}에 새 메시지를 보냈습니다`;
  return {
    to,
    // The same subject however many it tells of: a mail program keeps an enquiry's notices together.
    subject: oneLine(`[의료관광 문의 ${reference}] 방문자의 새 메시지`),
    ...rowsMail(title, enquiryLink(siteUrl, facts.postIndex), rows, advice),
  };
}
