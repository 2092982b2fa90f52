/**
 * The reply templates staff start from, before anyone has edited them: one per
 * enquiry section and page language. A template saved in the back office
 * replaces its default. `{reference}` and `{name}` are filled in when a reply
 * starts from a template (shared/work/enquiry-work.ts TEMPLATE_PLACEHOLDERS).
 */
import type { Section } from '../enquiries/enums';
import type { LocaleCode } from '../locales';

interface LocaleTemplates {
  subject: string;
  greeting: string;
  /** The paragraph that depends on what the visitor asked for. */
  bySection: Record<Section, string>;
  closing: string;
}

const TEMPLATES: Record<LocaleCode, LocaleTemplates> = {
  en: {
    subject: 'Your enquiry {reference}',
    greeting: 'Dear {name},\n\nThank you for contacting the Medical Tourism Centre.',
    bySection: {
      병원예약:
        'We have contacted the hospital about the appointment you asked for. The hospital can see you on [date and time, Korea time] in the [department]. Please bring your passport and any recent medical records or test results.',
      컨시어지:
        'A concierge can accompany you on [date and time, Korea time] from [place]. The service includes [what is included], and the fee is [amount].',
      호텔예약:
        'We have found rooms at [hotel] from [check-in] to [check-out]. The rate is [amount] per night, breakfast [included / not included].',
      통역예약:
        'An interpreter for [language] is available on [date and time, Korea time] at [place]. The fee is [amount] per hour.',
    },
    closing:
      'Please reply to this e-mail to confirm, or tell us what you would like to change. If you write to us, please keep the reference {reference} in the subject.\n\nKind regards,\nMedical Tourism Centre',
  },
  ko: {
    subject: '문의 {reference} 답변드립니다',
    greeting: '{name} 님, 안녕하세요.\n\n의료관광 센터에 문의해 주셔서 감사합니다.',
    bySection: {
      병원예약:
        '요청하신 진료 예약을 병원에 문의했습니다. [진료과]에서 [날짜와 시간, 한국 시간]에 진료가 가능합니다. 여권과 최근 진료 기록이나 검사 결과를 지참해 주세요.',
      컨시어지:
        '[날짜와 시간, 한국 시간]에 [장소]에서 컨시어지가 동행할 수 있습니다. 서비스 내용은 [포함 내용]이며 요금은 [금액]입니다.',
      호텔예약:
        '[호텔]에 [체크인]부터 [체크아웃]까지 객실을 찾았습니다. 요금은 1박 [금액]이며 조식은 [포함 / 불포함]입니다.',
      통역예약: '[언어] 통역사가 [날짜와 시간, 한국 시간]에 [장소]에서 가능합니다. 요금은 시간당 [금액]입니다.',
    },
    closing:
      '이 메일에 회신하여 확정해 주시거나 변경하실 내용을 알려 주세요. 메일을 보내실 때는 제목에 접수 번호 {reference}를 남겨 주세요.\n\n감사합니다.\n의료관광 센터 드림',
  },
  zh: {
    subject: '关于您的咨询 {reference}',
    greeting: '{name}，您好：\n\n感谢您联系医疗旅游中心。',
    bySection: {
      병원예약:
        '我们已就您申请的预约联系了医院。医院可于[日期和时间，韩国时间]在[科室]为您看诊。请携带护照以及近期的病历或检查结果。',
      컨시어지: '礼宾人员可于[日期和时间，韩国时间]在[地点]陪同您。服务包括[服务内容]，费用为[金额]。',
      호텔예약: '我们在[酒店]找到了[入住日期]至[退房日期]的客房。房价为每晚[金额]，[含 / 不含]早餐。',
      통역예약: '[语言]翻译可于[日期和时间，韩国时间]在[地点]为您服务。费用为每小时[金额]。',
    },
    closing:
      '请直接回复此邮件确认，或告诉我们您希望更改的内容。来信时请在主题中保留咨询编号 {reference}。\n\n此致\n医疗旅游中心',
  },
  ru: {
    subject: 'Ваше обращение {reference}',
    greeting: 'Здравствуйте, {name}!\n\nБлагодарим вас за обращение в Центр медицинского туризма.',
    bySection: {
      병원예약:
        'Мы связались с больницей по поводу приёма, о котором вы просили. Больница может принять вас [дата и время, корейское время] в отделении [отделение]. Пожалуйста, возьмите с собой паспорт и последние медицинские документы или результаты анализов.',
      컨시어지:
        'Сопровождающий может встретить вас [дата и время, корейское время] в [место]. В услугу входит [что входит], стоимость — [сумма].',
      호텔예약:
        'Мы нашли номера в [отель] с [дата заезда] по [дата выезда]. Стоимость — [сумма] за ночь, завтрак [включён / не включён].',
      통역예약: 'Переводчик с [язык] доступен [дата и время, корейское время] в [место]. Стоимость — [сумма] в час.',
    },
    closing:
      'Пожалуйста, ответьте на это письмо, чтобы подтвердить, или сообщите, что вы хотели бы изменить. В ответных письмах сохраняйте, пожалуйста, номер обращения {reference} в теме.\n\nС уважением,\nЦентр медицинского туризма',
  },
  vi: {
    subject: 'Yêu cầu {reference} của quý khách',
    greeting: 'Kính gửi {name},\n\nCảm ơn quý khách đã liên hệ với Trung tâm Du lịch Y tế.',
    bySection: {
      병원예약:
        'Chúng tôi đã liên hệ với bệnh viện về lịch khám quý khách yêu cầu. Bệnh viện có thể tiếp quý khách vào [ngày và giờ, giờ Hàn Quốc] tại [khoa]. Vui lòng mang theo hộ chiếu và hồ sơ bệnh án hoặc kết quả xét nghiệm gần đây.',
      컨시어지:
        'Nhân viên hỗ trợ có thể đi cùng quý khách vào [ngày và giờ, giờ Hàn Quốc] từ [địa điểm]. Dịch vụ bao gồm [nội dung], phí là [số tiền].',
      호텔예약:
        'Chúng tôi đã tìm được phòng tại [khách sạn] từ [ngày nhận phòng] đến [ngày trả phòng]. Giá [số tiền] mỗi đêm, [có / không] bao gồm bữa sáng.',
      통역예약:
        'Phiên dịch viên [ngôn ngữ] có thể hỗ trợ vào [ngày và giờ, giờ Hàn Quốc] tại [địa điểm]. Phí là [số tiền] mỗi giờ.',
    },
    closing:
      'Vui lòng trả lời email này để xác nhận, hoặc cho chúng tôi biết quý khách muốn thay đổi điều gì. Khi viết thư, xin giữ mã yêu cầu {reference} trong tiêu đề.\n\nTrân trọng,\nTrung tâm Du lịch Y tế',
  },
  ja: {
    subject: 'お問い合わせ {reference} について',
    greeting: '{name} 様\n\n医療観光センターにお問い合わせいただき、ありがとうございます。',
    bySection: {
      병원예약:
        'ご希望の診療予約について病院に確認いたしました。[日時、韓国時間]に[診療科]で受診いただけます。パスポートと最近の診療記録または検査結果をお持ちください。',
      컨시어지:
        '[日時、韓国時間]に[場所]からコンシェルジュが同行いたします。サービス内容は[内容]で、料金は[金額]です。',
      호텔예약:
        '[ホテル]で[チェックイン日]から[チェックアウト日]までのお部屋をご用意できます。料金は1泊[金額]、朝食は[込み / 別]です。',
      통역예약: '[言語]の通訳者が[日時、韓国時間]に[場所]で対応いたします。料金は1時間あたり[金額]です。',
    },
    closing:
      'ご確認のうえ、このメールにご返信ください。変更をご希望の場合もお知らせください。ご返信の際は件名にお問い合わせ番号 {reference} を残してください。\n\nよろしくお願いいたします。\n医療観光センター',
  },
};

export function defaultTemplate(section: Section, locale: LocaleCode): { subject: string; body: string } {
  const texts = TEMPLATES[locale];
  return { subject: texts.subject, body: [texts.greeting, texts.bySection[section], texts.closing].join('\n\n') };
}

export const templateId = (section: Section, locale: LocaleCode) => `${section}#${locale}`;
