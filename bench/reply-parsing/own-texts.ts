/**
 * What the benchmark's own messages say, in the six languages: the centre's
 * mail that is answered (and quoted), the patients' answers, and the patients'
 * own lines that only look like a quote header, a client's signature or a
 * quote. The plain answers are the tests' (tests/support/reply-samples.ts), so
 * the benchmark and the unit tests speak of the same visitors.
 */
import type { LocaleCode } from '../../shared/locales';
import { NEW_TEXTS } from '../../tests/support/reply-samples';

export const CENTRE = 'Medical Tourism Centre';
export const CENTRE_ADDRESS = 'no-reply@medical-tourism.example';
export const ENQUIRY_SUBJECT = 'Your enquiry MT-000123';

/** A patient's answer: its lines, as typed. */
export const ANSWER: Record<LocaleCode, string[]> = Object.fromEntries(
  Object.entries(NEW_TEXTS).map(([locale, text]) => [locale, text.split('\n')]),
) as Record<LocaleCode, string[]>;

/** The centre's mail as sent, in the visitor's language: what the clients quote. */
export const CENTRE_MAIL: Record<LocaleCode, string[]> = {
  en: ['Dear visitor,', 'Thank you for your enquiry MT-000123.', 'We will answer within one working day.'],
  ko: ['방문자님께,', '문의 MT-000123을 보내 주셔서 감사합니다.', '영업일 기준 하루 안에 답변드리겠습니다.'],
  ru: ['Уважаемый посетитель!', 'Благодарим вас за запрос MT-000123.', 'Мы ответим в течение одного рабочего дня.'],
  vi: [
    'Kính gửi quý khách,',
    'Cảm ơn quý khách đã gửi yêu cầu MT-000123.',
    'Chúng tôi sẽ trả lời trong một ngày làm việc.',
  ],
  zh: ['尊敬的访客：', '感谢您的咨询 MT-000123。', '我们将在一个工作日内回复。'],
  ja: ['お客様', 'お問い合わせ MT-000123 をいただきありがとうございます。', '1営業日以内にご回答いたします。'],
};

/** The centre's mail with two questions, and the patient's answers written below each (an inline answer). */
export const QUESTIONS: Record<
  LocaleCode,
  { greeting: string; questions: [string, string]; answers: [string, string] }
> = {
  en: {
    greeting: 'Dear visitor, two questions before we book:',
    questions: ['1. Which day suits you for the consultation?', '2. Will anyone come with you?'],
    answers: ['The morning of 10 December.', 'Yes, my wife will come with me.'],
  },
  ko: {
    greeting: '방문자님께, 예약 전에 두 가지 여쭙겠습니다.',
    questions: ['1. 상담 날짜는 언제가 좋으신가요?', '2. 동행하시는 분이 있나요?'],
    answers: ['12월 10일 오전이 좋습니다.', '네, 아내와 함께 갑니다.'],
  },
  ru: {
    greeting: 'Уважаемый посетитель! Два вопроса перед записью:',
    questions: ['1. Какой день вам удобен для консультации?', '2. Приедет ли кто-нибудь с вами?'],
    answers: ['Утро 10 декабря.', 'Да, со мной приедет жена.'],
  },
  vi: {
    greeting: 'Kính gửi quý khách, hai câu hỏi trước khi đặt lịch:',
    questions: ['1. Ngày nào thuận tiện cho buổi tư vấn?', '2. Có ai đi cùng quý khách không?'],
    answers: ['Sáng ngày 10 tháng 12.', 'Có, vợ tôi sẽ đi cùng.'],
  },
  zh: {
    greeting: '尊敬的访客，预约前有两个问题：',
    questions: ['1. 您哪天方便来咨询？', '2. 会有人陪同您吗？'],
    answers: ['12月10日上午。', '是的，我妻子会陪我一起去。'],
  },
  ja: {
    greeting: 'お客様、ご予約の前に二点お伺いします。',
    questions: ['1. ご相談はどの日がご都合よろしいですか？', '2. 同伴者はいらっしゃいますか？'],
    answers: ['12月10日の午前を希望します。', 'はい、妻が同行します。'],
  },
};

/**
 * The patient's own lines that only look like a header, a client's line or a
 * quote (flight details, "Sent from the hospital", a line of dashes, a blood
 * pressure written ">140/90"): all of it is what they wrote.
 */
export const LOOKALIKES: Record<LocaleCode, string[][]> = {
  en: [
    ['My flight:', 'From: London Heathrow', 'Date: 8 December', 'Flight: KE908, landing at 17:25.'],
    ['Sent from the hospital in Busan, so I will keep it short.', 'The MRI is booked for Friday.'],
    ['My blood pressure this morning:', '>140/90', '----', 'Pulse 88.'],
  ],
  ru: [
    ['Мой рейс:', 'От: Москва, Шереметьево', 'Дата: 8 декабря', 'Рейс: SU250'],
    ['Отправлено из больницы, поэтому коротко.', 'МРТ назначили на пятницу.'],
    ['Давление утром:', '>140/90', '----', 'Пульс 88.'],
  ],
  ko: [
    ['항공편 정보', '출발: 인천공항', '날짜: 12월 8일', '편명: KE123'],
    ['오늘 아침 혈압:', '>140/90', '----', '맥박 88.'],
  ],
  zh: [
    ['我的航班：', '出发：上海浦东', '日期：12月8日', '航班：MU5041'],
    ['今早血压：', '>140/90', '----', '脉搏 88。'],
  ],
  ja: [
    ['フライト情報', '出発: 成田空港', '日付: 12月8日', '便名: JL091'],
    ['入院先の病院から送信', '金曜日にMRIの予約が取れました。'],
  ],
  vi: [
    ['Chuyến bay của tôi:', 'Từ: Hà Nội (Nội Bài)', 'Ngày: 8 tháng 12', 'Chuyến bay: VN416'],
    ['Gửi từ bệnh viện nên tôi viết ngắn.', 'Lịch chụp MRI là thứ Sáu.'],
  ],
};

/** A patient's sign-off and the postscript below it, both theirs. */
export const SIGN_OFF: Record<LocaleCode, string[]> = {
  en: ['Kind regards,', 'Emily Clark', '', 'P.S. I will bring my MRI on a USB stick.'],
  ko: ['감사합니다.', '김민지 드림', '', '추신: MRI 영상은 USB로 가져가겠습니다.'],
  ru: ['С уважением,', 'Иван Петров', '', 'P.S. Снимки МРТ привезу на флешке.'],
  vi: ['Trân trọng,', 'Nguyễn Văn An', '', 'T.B. Tôi sẽ mang theo đĩa MRI.'],
  zh: ['此致', '王芳', '', '附言：我会带上MRI光盘。'],
  ja: ['よろしくお願いいたします。', '山田花子', '', '追伸：MRIのCDを持参します。'],
};

/** A doctor's letter the patient forwards: its sender and lines. */
export const DOCTOR = { name: 'Dr. Kim Minsu', address: 'dr.kim@hospital.example' };
export const DOCTOR_LETTER: Record<LocaleCode, { subject: string; lines: string[] }> = {
  en: {
    subject: 'Referral letter',
    lines: [
      'Patient: Emily Clark, born 1970',
      'Finding: blood pressure >140/90 at rest',
      'Advised: coronary angiography',
    ],
  },
  ko: { subject: '소견서', lines: ['환자: 김민지, 1985년생', '소견: 안정 시 혈압 >140/90', '권고: 관상동맥 조영술'] },
  ru: {
    subject: 'Направление',
    lines: [
      'Пациент: Иван Петров, 1970 г. р.',
      'Заключение: давление в покое >140/90',
      'Рекомендовано: коронарография',
    ],
  },
  vi: {
    subject: 'Giấy chuyển viện',
    lines: ['Bệnh nhân: Nguyễn Văn An, sinh năm 1970', 'Kết quả: huyết áp khi nghỉ >140/90', 'Đề nghị: chụp mạch vành'],
  },
  zh: { subject: '转诊信', lines: ['患者：王芳，1970年生', '诊断：静息血压 >140/90', '建议：冠状动脉造影'] },
  ja: { subject: '紹介状', lines: ['患者：山田花子、1970年生', '所見：安静時血圧 >140/90', '推奨：冠動脈造影'] },
};

/** The line a patient writes above a forwarded letter. */
export const ABOVE_FORWARD: Record<LocaleCode, string> = {
  en: 'Please see my doctor’s letter below.',
  ko: '아래 의사 소견서를 보내드립니다.',
  ru: 'Пересылаю письмо моего врача.',
  vi: 'Tôi gửi kèm thư của bác sĩ bên dưới.',
  zh: '请看下面我医生的信。',
  ja: '主治医からの手紙を転送します。',
};

/** Who answers, per language (the From of the patient's mail). */
export const PATIENT: Record<LocaleCode, string> = {
  en: 'Emily Clark <emily.clark@mail.example>',
  ko: '김민지 <minji.kim@mail.example>',
  ru: 'Иван Петров <ivan.petrov@mail.example>',
  vi: 'Nguyễn Văn An <an.nguyen@mail.example>',
  zh: '王芳 <wang.fang@mail.example>',
  ja: '山田花子 <hanako.yamada@mail.example>',
};
