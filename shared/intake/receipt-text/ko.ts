import type { ReceiptText } from './types';

export const ko: ReceiptText = {
  centreName: '의료관광센터',
  koreaTime: '한국 시간 (KST, UTC+9)',
  colon: ': ',
  when: (year, month, day, time) => `${year}년 ${month}월 ${day}일${time ? ` ${time}` : ''}`,
  sent: '문의가 전송되었습니다',
  referenceLabel: '접수 번호',
  keepReference: '이메일이나 전화로 연락하실 때 이 번호를 알려 주세요.',
  nextHeading: '다음 절차',
  replyPromise: (days) =>
    `담당 직원이 문의를 확인한 뒤 ${days}영업일 안에 이메일로 답변드립니다 (월요일~금요일 9:00~18:00, 한국 시간).`,
  urgent: '급한 용무는 고객센터로 전화해 주세요',
  page: {
    title: '문의 전송 완료',
    back: '원래 페이지로 돌아가기',
  },
  mail: {
    subject: (reference, centreName) => `[${centreName}] 문의가 접수되었습니다 ${reference}`,
    greeting: '안녕하세요.',
    thanks: '문의해 주셔서 감사합니다. 문의가 정상적으로 접수되었습니다.',
    summaryHeading: '문의하신 내용',
    section: '문의 구분',
    detailSection: '진료 분야',
    start: '희망 날짜와 시간',
    checkIn: '체크인 날짜',
    checkOut: '체크아웃 날짜',
    people: '인원',
    rooms: '객실 수',
    noPreference: '희망 없음',
    replyHint: '덧붙이실 내용이 있으면 이 메일에 회신해 주세요.',
    pageLink: '진행 상황 확인과 추가 문의는 전용 페이지에서',
    privacy: '개인정보 처리에 관한 안내',
    notYou: '문의하신 적이 없다면 이 메일을 무시해 주세요. 누군가 이메일 주소를 잘못 입력했을 수 있습니다.',
  },
};
