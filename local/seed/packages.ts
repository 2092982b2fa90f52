/**
 * The three BEST 3 packages a fresh local stack starts with, in all six
 * languages. Images are in `seed/images/` (made by `seed/make-images.ts`).
 */
import type { BestPackage } from '../../shared/packages/best-package';

export const SEED_IMAGES = {
  'best-1-checkup.webp': 'image/webp',
  'best-1-checkup-popup.webp': 'image/webp',
  'best-2-dental.webp': 'image/webp',
  'best-2-dental-popup.webp': 'image/webp',
  'best-3-skin.webp': 'image/webp',
  'best-3-skin-popup.webp': 'image/webp',
} as const;

type SeedImage = keyof typeof SEED_IMAGES;

function popups(file: SeedImage) {
  return {
    FILE_THUMB: file,
    FILE_THUMB_en: file,
    FILE_THUMB_ch: file,
    FILE_THUMB_ru: file,
    FILE_THUMB_jp: file,
    FILE_THUMB_vn: file,
  };
}

export const SEED_PACKAGES: BestPackage[] = [
  {
    INDEX: 1,
    TITLE: '프리미엄 종합검진 패키지',
    TITLE_kr: '프리미엄 종합검진 패키지',
    TITLE_en: 'Premium Health Check-up Package',
    TITLE_ch: '高端综合体检套餐',
    TITLE_ru: 'Премиальный чекап организма',
    TITLE_jp: 'プレミアム総合健診パッケージ',
    TITLE_vn: 'Gói khám sức khỏe tổng quát cao cấp',
    CONTENT_kr:
      '상급종합병원에서 하루 만에 끝내는 정밀 건강검진입니다. CT·MRI·초음파·내시경과 혈액검사 60여 항목을 포함하며, 결과는 전문의가 통역과 함께 직접 설명해 드립니다.',
    CONTENT_en:
      'A thorough one-day check-up at a tertiary hospital: CT, MRI, ultrasound, endoscopy and some 60 blood tests. A specialist explains your results in person, with an interpreter.',
    CONTENT_ch:
      '在三级综合医院一天完成的精密体检，包括CT、MRI、超声、内镜及60余项血液检查。专科医生在翻译陪同下当面为您解读结果。',
    CONTENT_ru:
      'Подробное обследование за один день в многопрофильной клинике: КТ, МРТ, УЗИ, эндоскопия и около 60 анализов крови. Врач лично объясняет результаты с переводчиком.',
    CONTENT_jp:
      '上級総合病院で一日で終わる精密健診です。CT・MRI・超音波・内視鏡と約60項目の血液検査を含み、結果は専門医が通訳とともに直接ご説明します。',
    CONTENT_vn:
      'Khám sức khỏe chuyên sâu trong một ngày tại bệnh viện tuyến trên: CT, MRI, siêu âm, nội soi và khoảng 60 chỉ số xét nghiệm máu. Bác sĩ chuyên khoa giải thích kết quả trực tiếp cùng phiên dịch.',
    FILE_POPUP: 'best-1-checkup.webp',
    ...popups('best-1-checkup-popup.webp'),
  },
  {
    INDEX: 2,
    TITLE: '임플란트 & 스마일 치과 케어',
    TITLE_kr: '임플란트 & 스마일 치과 케어',
    TITLE_en: 'Dental Implants & Smile Care',
    TITLE_ch: '种植牙与微笑牙科护理',
    TITLE_ru: 'Импланты и эстетическая стоматология',
    TITLE_jp: 'インプラント＆スマイル歯科ケア',
    TITLE_vn: 'Cấy ghép implant & chăm sóc nụ cười',
    CONTENT_kr:
      '3D CT 진단부터 임플란트 식립, 치아 미백까지 한 번의 방문 일정에 맞춰 계획합니다. 체류 기간에 맞춘 치료 일정과 사후 관리 안내를 함께 드립니다.',
    CONTENT_en:
      'From 3D CT diagnosis to implant placement and whitening, planned around a single visit. Your treatment schedule fits your stay, with clear after-care guidance to take home.',
    CONTENT_ch:
      '从3D CT诊断到种植牙植入、牙齿美白，按照一次来访的行程统一规划。治疗日程配合您的停留时间，并提供术后护理指导。',
    CONTENT_ru:
      'От 3D-КТ диагностики до установки имплантов и отбеливания — всё в рамках одной поездки. График лечения подстраивается под срок пребывания, с понятными рекомендациями по уходу.',
    CONTENT_jp:
      '3D CT診断からインプラント埋入、ホワイトニングまで、一度のご来訪の日程に合わせて計画します。滞在期間に合わせた治療スケジュールとアフターケアのご案内付きです。',
    CONTENT_vn:
      'Từ chẩn đoán CT 3D đến cấy ghép implant và tẩy trắng răng, được lên kế hoạch trong một chuyến đi. Lịch điều trị phù hợp thời gian lưu trú, kèm hướng dẫn chăm sóc sau điều trị.',
    FILE_POPUP: 'best-2-dental.webp',
    ...popups('best-2-dental-popup.webp'),
  },
  {
    INDEX: 3,
    TITLE: '피부 재생 & 에스테틱 프로그램',
    TITLE_kr: '피부 재생 & 에스테틱 프로그램',
    TITLE_en: 'Skin Renewal & Aesthetic Programme',
    TITLE_ch: '皮肤再生与美容项目',
    TITLE_ru: 'Программа обновления кожи',
    TITLE_jp: '肌再生＆エステティックプログラム',
    TITLE_vn: 'Chương trình tái tạo da & thẩm mỹ',
    CONTENT_kr:
      '피부과 전문의 상담 후 레이저, 리프팅, 스킨부스터 중 피부 상태에 맞는 시술을 제안합니다. 시술 후 회복 일정과 도시 관광을 함께 즐길 수 있습니다.',
    CONTENT_en:
      'After a consultation with a dermatologist, you are offered the laser, lifting or skin-booster treatment that suits your skin, with recovery time to enjoy the city.',
    CONTENT_ch: '经皮肤科专科医生咨询后，根据您的皮肤状态推荐激光、提升或水光等项目。术后恢复期间还可以轻松游览城市。',
    CONTENT_ru:
      'После консультации дерматолога вам предложат лазер, лифтинг или скин-бустеры по состоянию кожи. Восстановление можно совместить с прогулками по городу.',
    CONTENT_jp:
      '皮膚科専門医のカウンセリングの後、レーザー・リフトアップ・スキンブースターの中から肌の状態に合った施術をご提案します。回復期間には街の観光もお楽しみいただけます。',
    CONTENT_vn:
      'Sau khi tư vấn với bác sĩ da liễu, bạn được đề xuất liệu trình laser, nâng cơ hoặc skin booster phù hợp với làn da, kết hợp nghỉ ngơi và tham quan thành phố.',
    FILE_POPUP: 'best-3-skin.webp',
    ...popups('best-3-skin-popup.webp'),
  },
];
