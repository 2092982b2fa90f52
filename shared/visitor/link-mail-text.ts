/**
 * The mail that carries a new link to the visitor's page after staff replaced
 * the old ones, in the six page languages. Kept apart from the page copy so
 * the route that sends it carries only these lines; the greeting, the
 * centre's name and the call line are the acknowledgement's
 * (shared/intake/receipt-text).
 */
import type { LocaleCode } from '../locales';

export interface VisitorLinkMailText {
  subject(reference: string, centreName: string): string;
  /** Before the link: what it opens. */
  intro(reference: string): string;
  /** After the link: the old ones are gone, and this one is not to be passed on. */
  oldLinks: string;
  /** For someone who did not ask for it. */
  notAsked: string;
}

export const VISITOR_LINK_MAIL_TEXT: Record<LocaleCode, VisitorLinkMailText> = {
  en: {
    subject: (reference, centreName) => `${centreName}: a new link to your enquiry ${reference}`,
    intro: (reference) =>
      `Here is a new link to the page of your enquiry ${reference}. There you can see where your request stands, read our replies and write to us.`,
    oldLinks:
      'The links we sent you before no longer work. Please do not forward this mail: anyone who has the link can open the page.',
    notAsked: 'If you did not ask for a new link, you can ignore this mail.',
  },
  ko: {
    subject: (reference, centreName) => `${centreName}: 문의 ${reference}의 새 링크`,
    intro: (reference) =>
      `문의 ${reference} 페이지의 새 링크를 보내 드립니다. 이 페이지에서 문의 진행 상황과 답변을 확인하고 메시지를 보낼 수 있습니다.`,
    oldLinks:
      '이전에 보내 드린 링크는 더 이상 열리지 않습니다. 링크가 있으면 누구나 이 페이지를 열 수 있으니 이 메일을 다른 사람에게 전달하지 마세요.',
    notAsked: '새 링크를 요청하지 않으셨다면 이 메일은 무시하셔도 됩니다.',
  },
  zh: {
    subject: (reference, centreName) => `${centreName}：您的咨询 ${reference} 的新链接`,
    intro: (reference) =>
      `这是您的咨询 ${reference} 页面的新链接。您可以在该页面查看咨询的进展、阅读我们的回复并给我们留言。`,
    oldLinks: '我们之前发送的链接已失效。任何拿到此链接的人都能打开该页面，请不要转发此邮件。',
    notAsked: '如果您没有要求新的链接，请忽略此邮件。',
  },
  ru: {
    subject: (reference, centreName) => `${centreName}: новая ссылка на ваш запрос ${reference}`,
    intro: (reference) =>
      `Вот новая ссылка на страницу вашего запроса ${reference}. На ней видно, на каком этапе ваш запрос, можно прочитать наши ответы и написать нам.`,
    oldLinks:
      'Ссылки, которые мы присылали раньше, больше не работают. Не пересылайте это письмо: любой, у кого есть ссылка, может открыть страницу.',
    notAsked: 'Если вы не просили новую ссылку, просто не обращайте внимания на это письмо.',
  },
  vi: {
    subject: (reference, centreName) => `${centreName}: đường liên kết mới tới yêu cầu ${reference} của bạn`,
    intro: (reference) =>
      `Đây là đường liên kết mới tới trang yêu cầu ${reference} của bạn. Tại trang này, bạn có thể xem tình trạng yêu cầu, đọc câu trả lời của chúng tôi và nhắn tin cho chúng tôi.`,
    oldLinks:
      'Các đường liên kết chúng tôi gửi trước đây không còn dùng được nữa. Xin đừng chuyển tiếp thư này: bất kỳ ai có đường liên kết đều có thể mở trang.',
    notAsked: 'Nếu bạn không yêu cầu đường liên kết mới, bạn có thể bỏ qua thư này.',
  },
  ja: {
    subject: (reference, centreName) => `${centreName}：お問い合わせ ${reference} の新しいリンク`,
    intro: (reference) =>
      `お問い合わせ ${reference} のページの新しいリンクをお送りします。このページで、お問い合わせの状況の確認、返信の閲覧、メッセージの送信ができます。`,
    oldLinks:
      '以前お送りしたリンクは使えなくなりました。リンクを知っている人は誰でもこのページを開けるため、このメールを転送しないでください。',
    notAsked: '新しいリンクをご依頼でない場合は、このメールを無視してください。',
  },
};
