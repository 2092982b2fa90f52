import type { ReceiptText } from './types';

export const zh: ReceiptText = {
  centreName: '医疗旅游中心',
  koreaTime: '韩国时间（KST，UTC+9）',
  colon: '：',
  when: (year, month, day, time) => `${year}年${month}月${day}日${time ? ` ${time}` : ''}`,
  sent: '您的咨询已发送',
  referenceLabel: '您的受理编号',
  keepReference: '请保存此编号，来信或来电时请告知。',
  nextHeading: '后续安排',
  replyPromise: (days) =>
    `工作人员将阅读您的咨询，并在${days}个工作日内通过电子邮件回复（周一至周五 9:00–18:00，韩国时间）。`,
  urgent: '如有急事，请致电客服中心',
  page: {
    title: '咨询已发送',
    back: '返回原页面',
  },
  mail: {
    subject: (reference, centreName) => `【${centreName}】我们已收到您的咨询 ${reference}`,
    greeting: '您好！',
    thanks: '感谢您的咨询，我们已经收到。',
    summaryHeading: '您的咨询内容',
    section: '咨询类型',
    detailSection: '就诊科目',
    start: '希望的日期和时间',
    checkIn: '入住日期',
    checkOut: '退房日期',
    people: '人数',
    rooms: '房间数',
    noPreference: '无特别要求',
    replyHint: '如需补充，请直接回复此邮件。',
    pageLink: '在您的专属页面查看进度并给我们留言',
    privacy: '我们如何处理您的个人信息',
    notYou: '如果您没有发送过此咨询，请忽略此邮件：可能有人误填了您的邮箱地址。',
  },
};
