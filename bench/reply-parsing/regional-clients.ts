/**
 * The mail programs of one country or script: Naver and Daum (Korean), QQ,
 * 163.com and NetEase Mail Master (Chinese), Yandex, Mail.ru and The Bat!
 * (Russian), Thunderbird (English and Russian), Yahoo! JAPAN. Their wording
 * as found in public mail archives (Thunderbird's "пишет:", NetEase's
 * "---- Replied Message ----" table, The Bat!'s initials before each quoted
 * line).
 */
import type { LocaleCode } from '../../shared/locales';
import { CENTRE, CENTRE_ADDRESS, DOCTOR, DOCTOR_LETTER, ENQUIRY_SUBJECT } from './own-texts';
import { type Style, WHO, address, displayName } from './client-style';

/** The regional clients by name. */
export const REGIONAL_CLIENTS: Record<string, (locale: LocaleCode) => Style> = {
  Naver: () => ({
    attribution: [
      '-----Original Message-----',
      `From: "${CENTRE}"<${CENTRE_ADDRESS}>`,
      `To: ${address('ko')}`,
      'Cc:',
      'Sent: 2025-03-12 (수) 10:15:00 (GMT+09:00)',
      `Subject: ${ENQUIRY_SUBJECT}`,
    ],
    quoting: 'plain',
    gap: true,
    encoding: 'base64',
    headers: [],
  }),
  Daum: () => ({
    attribution: [
      '-----Original Message-----',
      `From: "${CENTRE}" <${CENTRE_ADDRESS}>`,
      `To: "${displayName('ko')}" <${address('ko')}>;`,
      'Cc:',
      'Sent: 2025-03-12 (수) 10:15:00',
      `Subject: ${ENQUIRY_SUBJECT}`,
    ],
    quoting: 'plain',
    gap: true,
    encoding: 'base64',
    headers: [],
  }),
  QQ: (locale) => ({
    attribution:
      locale === 'zh'
        ? [
            '------------------ 原始邮件 ------------------',
            `发件人: "${CENTRE}"<${CENTRE_ADDRESS}>;`,
            '发送时间: 2025年3月12日(星期三) 上午10:15',
            `收件人: "${displayName('zh')}"<${address('zh')}>;`,
            `主题: ${ENQUIRY_SUBJECT}`,
          ]
        : [
            '------------------ Original ------------------',
            `From:  "${CENTRE}"<${CENTRE_ADDRESS}>;`,
            'Date:  Wed, Mar 12, 2025 10:15 AM',
            `To:  "${displayName('en')}"<${address('en')}>;`,
            `Subject:  ${ENQUIRY_SUBJECT}`,
          ],
    quoting: 'plain',
    gap: true,
    forward: [
      '------------------ 原始邮件 ------------------',
      `发件人: "${DOCTOR.name}"<${DOCTOR.address}>;`,
      '发送时间: 2025年3月10日(星期一) 上午9:00',
      `收件人: "${displayName('zh')}"<${address('zh')}>;`,
      `主题: ${DOCTOR_LETTER.zh.subject}`,
    ],
    charset: locale === 'zh' ? 'GB18030' : 'UTF-8',
    encoding: 'base64',
    multipart: true,
    headers: ['X-Mailer: QQMail 2.x'],
  }),
  '163.com': (locale) => ({
    attribution: [
      locale === 'zh'
        ? `在 2025-03-12 10:15:00，"${CENTRE}" <${CENTRE_ADDRESS}> 写道：`
        : `At 2025-03-12 10:15:00, "${CENTRE}" <${CENTRE_ADDRESS}> wrote:`,
    ],
    quoting: 'tight',
    gap: false,
    charset: locale === 'zh' ? 'GBK' : 'UTF-8',
    encoding: 'base64',
    multipart: true,
    headers: ['X-Mailer: Coremail Webmail Server Version XT5.0.13'],
  }),
  'NetEase Mail Master': (locale) => ({
    attribution:
      locale === 'zh'
        ? [
            '---- 回复的原邮件 ----',
            `| 发件人 | ${CENTRE}<${CENTRE_ADDRESS}> |`,
            '| 日期 | 2025年03月12日 10:15 |',
            `| 收件人 | ${displayName('zh')}<${address('zh')}> |`,
            `| 主题 | ${ENQUIRY_SUBJECT} |`,
          ]
        : [
            '---- Replied Message ----',
            `| From | ${CENTRE}<${CENTRE_ADDRESS}> |`,
            '| Date | 03/12/2025 10:15 |',
            `| To | ${displayName('en')}<${address('en')}> |`,
            `| Subject | ${ENQUIRY_SUBJECT} |`,
          ],
    quoting: 'plain',
    gap: false,
    ...(locale === 'zh' ? { signature: ['发自网易邮箱大师'] } : {}),
    encoding: 'base64',
    multipart: true,
    headers: [],
  }),
  Yandex: () => ({
    attribution: [`12.03.2025, 10:15, "${CENTRE}" <${CENTRE_ADDRESS}>:`],
    quoting: 'angle',
    gap: false,
    encoding: 'quoted-printable',
    multipart: true,
    headers: ['X-Mailer: Yamail [ http://yandex.ru ] 5.0'],
  }),
  'Mail.ru': (locale) => ({
    attribution: [
      locale === 'ru'
        ? `Среда, 12 марта 2025, 10:15 +09:00 от ${WHO}:`
        : `Wednesday, March 12, 2025 10:15 AM +09:00 from ${WHO}:`,
    ],
    quoting: 'angle',
    gap: true,
    encoding: 'base64',
    multipart: true,
    headers: [],
  }),
  'The Bat!': (locale) => ({
    greeting: [locale === 'ru' ? 'Здравствуйте, Medical.' : 'Hello Medical,', ''],
    attribution: [
      locale === 'ru' ? 'Вы писали 12 марта 2025 г., 10:15:00:' : 'Wednesday, March 12, 2025, 10:15:00 AM, you wrote:',
    ],
    quoting: 'initials',
    gap: true,
    signature:
      locale === 'ru'
        ? ['-- ', 'С уважением,', ` ${displayName('ru')}                          mailto:${address('ru')}`]
        : ['-- ', 'Best regards,', ` ${displayName('en')}                            mailto:${address('en')}`],
    charset: locale === 'ru' ? 'windows-1251' : 'us-ascii',
    encoding: locale === 'ru' ? '8bit' : '7bit',
    headers: ['X-Mailer: The Bat! (v10.4.2) Professional'],
  }),
  Thunderbird: (locale) => ({
    attribution: [locale === 'ru' ? `12.03.2025 10:15, ${CENTRE} пишет:` : `On 3/12/25 10:15 AM, ${CENTRE} wrote:`],
    quoting: 'angle',
    gap: false,
    flowed: true,
    encoding: '8bit',
    headers: ['User-Agent: Mozilla Thunderbird'],
  }),
  'Yahoo! JAPAN': () => ({
    attribution: [
      '----- Original Message -----',
      `From: "${CENTRE}" <${CENTRE_ADDRESS}>`,
      `To: ${address('ja')}`,
      'Date: 2025/3/12 水 10:15',
      `Subject: ${ENQUIRY_SUBJECT}`,
    ],
    quoting: 'angle',
    gap: true,
    encoding: 'base64',
    headers: ['X-Mailer: Yahoo! JAPAN Mail'],
  }),
};
