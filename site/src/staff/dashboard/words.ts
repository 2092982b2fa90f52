/** The back office's words for the dashboard (Korean). */

/** Minutes as staff read a waiting time: `45분`, `3시간 5분`, `2일 4시간`. */
function duration(minutes: number): string {
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole}분`;
  const hours = Math.floor(whole / 60);
  if (hours < 24) return whole % 60 ? `${hours}시간 ${whole % 60}분` : `${hours}시간`;
  return hours % 24 ? `${Math.floor(hours / 24)}일 ${hours % 24}시간` : `${Math.floor(hours / 24)}일`;
}

const count = (value: number) => `${value.toLocaleString('ko-KR')}건`;

/** The dashboard (`/dashboard`). */
export const DASHBOARD_TEXT = {
  period: '기간',
  lastDays: (days: number) => `최근 ${days}일`,
  bySection: '일별 접수 (문의 구분별)',
  byLocale: '일별 접수 (문의 페이지 언어별)',
  openByAge: '미처리 문의 (접수 후 경과일)',
  replyTime: '답장까지 걸린 시간 (중앙값)',
  replyTimeBasis: (replies: number, days: number) =>
    `방문자의 마지막 메시지부터 답장까지, 최근 ${days}일에 보낸 답장 ${count(replies)} 기준`,
  noReplyTime: '최근 30일에 방문자의 메시지에 답한 답장이 없습니다.',
  monthly: '월간 요약',
  thisMonth: (month: string) => `${month} (이번 달, 오늘까지)`,
  lastMonth: (month: string) => `${month} (지난 달)`,
  item: '항목',
  received: '접수',
  receivedTotal: '접수 합계',
  firstReplies: '첫 답장',
  medianReplyTime: '답장 시간 중앙값',
  date: '날짜',
  total: '합계',
  ageBucket: '경과일',
  openCount: '미처리',
  dataTable: '표로 보기',
  ageBuckets: {
    under1: '1일 미만',
    from1to3: '1~3일',
    from3to7: '3~7일',
    from7to30: '7~30일',
    over30: '30일 이상',
  } as Record<string, string>,
  locales: { en: '영어', ko: '한국어', zh: '중국어', ru: '러시아어', vi: '베트남어', ja: '일본어' } as Record<
    string,
    string
  >,
  pageLanguage: (label: string) => `${label} 페이지`,
  reportMonth: '보고서 월',
  downloadReport: '월간 보고서 CSV',
  reportFailed: '보고서를 내려받지 못했습니다.',
  loadFailed: '대시보드를 불러오지 못했습니다.',
  count,
  duration,
  noDuration: '-',
  sectionSummary: (days: number, total: number, parts: string, peak: string) =>
    `최근 ${days}일 접수 ${count(total)}. ${parts}.${peak ? ` 가장 많은 날은 ${peak}.` : ''}`,
  localeSummary: (days: number, parts: string) => `최근 ${days}일 문의 페이지 언어별 접수: ${parts}.`,
  ageSummary: (total: number, parts: string) => `미처리 문의 ${count(total)}: ${parts}.`,
  peakDay: (day: string, value: number) => `${day} (${count(value)})`,
  translationUse: '오늘 기계 번역 사용량',
  translationChars: (chars: number, cap: number) =>
    `${chars.toLocaleString('ko-KR')}자 / ${cap.toLocaleString('ko-KR')}자`,
  translationShare: (percent: number) => `하루 한도의 ${percent}%`,
  translationBasis: '오늘(한국 시간) 번역 엔진에 보낸 글자 수입니다. 하루 한도를 넘으면 번역은 다음 날로 미뤄집니다.',
  translationCapped: '오늘 기계 번역 한도에 도달했습니다. 남은 번역은 내일(한국 시간 0시 이후) 이어서 진행됩니다.',
} as const;
