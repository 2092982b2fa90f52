import type { ReceiptText } from './types';

export const ja: ReceiptText = {
  centreName: '医療観光センター',
  koreaTime: '韓国時間（KST、UTC+9）',
  colon: '：',
  when: (year, month, day, time) => `${year}年${month}月${day}日${time ? ` ${time}` : ''}`,
  sent: 'お問い合わせを送信しました',
  referenceLabel: '受付番号',
  keepReference: 'メールやお電話でご連絡いただく際は、この番号をお知らせください。',
  nextHeading: '今後の流れ',
  replyPromise: (days) =>
    `担当者がお問い合わせ内容を確認し、${days}営業日以内にメールでお返事します（月曜日〜金曜日 9:00〜18:00、韓国時間）。`,
  urgent: 'お急ぎの場合は、カスタマーセンターにお電話ください',
  page: {
    title: 'お問い合わせ送信完了',
    back: '元のページに戻る',
  },
  mail: {
    subject: (reference, centreName) => `【${centreName}】お問い合わせを受け付けました ${reference}`,
    greeting: 'こんにちは。',
    thanks: 'お問い合わせいただき、ありがとうございます。確かに受け付けました。',
    summaryHeading: 'お問い合わせ内容',
    section: 'お問い合わせの種類',
    detailSection: '診療分野',
    start: '希望日時',
    checkIn: 'チェックイン日',
    checkOut: 'チェックアウト日',
    people: '人数',
    rooms: '部屋数',
    noPreference: '指定なし',
    replyHint: '追加でお伝えいただくことがあれば、このメールにご返信ください。',
    pageLink: 'ご依頼の状況確認とメッセージの送信は専用ページから',
    privacy: '個人情報の取り扱いについて',
    notYou:
      'お心当たりのない場合は、このメールを破棄してください。どなたかがメールアドレスを誤って入力した可能性があります。',
  },
};
