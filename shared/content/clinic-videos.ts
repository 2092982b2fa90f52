/**
 * The clinic video lists of the six pages (docs/contract.md, 'Clinic videos'): each entry has
 * the Vimeo id, a title in the page's language and the Korean label.
 * Counts: English 29, Korean 20, Russian 30, Chinese 30, Vietnamese 33, Japanese 15.
 * Ids made with `placeholderVideoId` are stand-ins: replace them with the real ids.
 */
import type { LocaleCode } from '../locales';
import { placeholderVideoId } from './placeholders';

export interface ClinicVideo {
  videoUUID: number;
  /** Title in the page's language. */
  title: string;
  /** Korean label. */
  kr: string;
}

export interface ClinicVideoList {
  videos: ClinicVideo[];
  /** Which video the player shows first: a fixed id, or a random one of the list on each page load. */
  start: { videoUUID: number } | 'random';
}

/** Real ids the old site gives (docs/contract.md, 'Clinic videos'). */
export const RUSSIAN_START_VIDEO = 779141367;
export const CHINESE_START_VIDEO = 779140662;

/** A list with at least one video, so its first entry can name the start video. */
type VideoList = [ClinicVideo, ...ClinicVideo[]];

/** English page (en), 29 videos. */
const ENGLISH_VIDEOS: VideoList = [
  { videoUUID: placeholderVideoId(1, 1), title: 'Beauty clinic', kr: '피부미용' },
  { videoUUID: placeholderVideoId(1, 2), title: 'Cardiothoracic surgery', kr: '흉부외과' },
  { videoUUID: placeholderVideoId(1, 3), title: 'Epilepsy', kr: '뇌전증' },
  { videoUUID: placeholderVideoId(1, 4), title: 'Spine', kr: '척추' },
  { videoUUID: placeholderVideoId(1, 5), title: 'Dental implants', kr: '임플란트' },
  { videoUUID: placeholderVideoId(1, 6), title: 'Thyroid', kr: '갑상선' },
  { videoUUID: placeholderVideoId(1, 7), title: 'Cervical disease', kr: '자궁경부질환' },
  { videoUUID: placeholderVideoId(1, 8), title: 'Health check-up', kr: '종합검진' },
  { videoUUID: placeholderVideoId(1, 9), title: 'Robotic surgery', kr: '로봇수술' },
  { videoUUID: placeholderVideoId(1, 10), title: 'Cancer centre', kr: '암센터' },
  { videoUUID: placeholderVideoId(1, 11), title: 'Dermatology laser treatment', kr: '피부과 레이저' },
  { videoUUID: placeholderVideoId(1, 12), title: 'LASIK and vision correction', kr: '시력교정' },
  { videoUUID: placeholderVideoId(1, 13), title: 'Joint replacement', kr: '인공관절' },
  { videoUUID: placeholderVideoId(1, 14), title: 'Fertility treatment', kr: '난임' },
  { videoUUID: placeholderVideoId(1, 15), title: 'Traditional Korean medicine', kr: '한방' },
  { videoUUID: placeholderVideoId(1, 16), title: 'Plastic surgery', kr: '성형외과' },
  { videoUUID: placeholderVideoId(1, 17), title: 'Varicose veins', kr: '하지정맥류' },
  { videoUUID: placeholderVideoId(1, 18), title: 'Lung cancer', kr: '폐암' },
  { videoUUID: placeholderVideoId(1, 19), title: 'Colorectal cancer', kr: '대장암' },
  { videoUUID: placeholderVideoId(1, 20), title: 'Stomach cancer', kr: '위암' },
  { videoUUID: placeholderVideoId(1, 21), title: 'Breast cancer', kr: '유방암' },
  { videoUUID: placeholderVideoId(1, 22), title: 'Liver transplant', kr: '간이식' },
  { videoUUID: placeholderVideoId(1, 23), title: 'Urology and prostate', kr: '비뇨의학과' },
  { videoUUID: placeholderVideoId(1, 24), title: 'Paediatrics', kr: '소아청소년과' },
  { videoUUID: placeholderVideoId(1, 25), title: 'Stroke care', kr: '뇌졸중' },
  { videoUUID: placeholderVideoId(1, 26), title: 'Heart disease', kr: '심장내과' },
  { videoUUID: placeholderVideoId(1, 27), title: 'Hearing and ENT', kr: '청각' },
  { videoUUID: placeholderVideoId(1, 28), title: 'Rehabilitation', kr: '재활의학' },
  { videoUUID: placeholderVideoId(1, 29), title: 'Orthodontics', kr: '치아교정' },
];

/** Korean page (ko), 20 videos. */
const KOREAN_VIDEOS: VideoList = [
  { videoUUID: placeholderVideoId(2, 1), title: '피부미용 클리닉', kr: '피부미용' },
  { videoUUID: placeholderVideoId(2, 2), title: '심장·흉통 클리닉', kr: '심장흉통' },
  { videoUUID: placeholderVideoId(2, 3), title: '면역 치료', kr: '면역' },
  { videoUUID: placeholderVideoId(2, 4), title: '하지정맥류 치료', kr: '하지정맥류' },
  { videoUUID: placeholderVideoId(2, 5), title: '재건성형 수술', kr: '재건성형' },
  { videoUUID: placeholderVideoId(2, 6), title: '혈액질환 치료', kr: '혈액질환' },
  { videoUUID: placeholderVideoId(2, 7), title: '시력교정 수술', kr: '시력교정' },
  { videoUUID: placeholderVideoId(2, 8), title: '소아외과 수술', kr: '소아외과' },
  { videoUUID: placeholderVideoId(2, 9), title: '담낭 질환', kr: '담낭' },
  { videoUUID: placeholderVideoId(2, 10), title: '폐암 치료', kr: '폐암' },
  { videoUUID: placeholderVideoId(2, 11), title: '대장암 치료', kr: '대장암' },
  { videoUUID: placeholderVideoId(2, 12), title: '내분비 질환', kr: '내분비' },
  { videoUUID: placeholderVideoId(2, 13), title: '뇌질환 치료', kr: '뇌질환' },
  { videoUUID: placeholderVideoId(2, 14), title: '정형외과 진료', kr: '정형외과' },
  { videoUUID: placeholderVideoId(2, 15), title: '치과 임플란트', kr: '임플란트' },
  { videoUUID: placeholderVideoId(2, 16), title: '난임 치료', kr: '난임' },
  { videoUUID: placeholderVideoId(2, 17), title: '부인암 치료', kr: '부인암' },
  { videoUUID: placeholderVideoId(2, 18), title: '청각 질환', kr: '청각' },
  { videoUUID: placeholderVideoId(2, 19), title: '유방암 치료', kr: '유방암' },
  { videoUUID: placeholderVideoId(2, 20), title: '기타 진료', kr: '기타' },
];

/** Russian page (ru), 30 videos. */
const RUSSIAN_VIDEOS: VideoList = [
  { videoUUID: RUSSIAN_START_VIDEO, title: 'Комплексное обследование', kr: '종합검진' },
  { videoUUID: placeholderVideoId(3, 2), title: 'Роботизированная хирургия', kr: '로봇수술' },
  { videoUUID: placeholderVideoId(3, 3), title: 'Онкологический центр', kr: '암센터' },
  { videoUUID: placeholderVideoId(3, 4), title: 'Рак желудка', kr: '위암' },
  { videoUUID: placeholderVideoId(3, 5), title: 'Рак лёгкого', kr: '폐암' },
  { videoUUID: placeholderVideoId(3, 6), title: 'Колоректальный рак', kr: '대장암' },
  { videoUUID: placeholderVideoId(3, 7), title: 'Рак молочной железы', kr: '유방암' },
  { videoUUID: placeholderVideoId(3, 8), title: 'Щитовидная железа', kr: '갑상선' },
  { videoUUID: placeholderVideoId(3, 9), title: 'Трансплантация печени', kr: '간이식' },
  { videoUUID: placeholderVideoId(3, 10), title: 'Кардиология', kr: '심장내과' },
  { videoUUID: placeholderVideoId(3, 11), title: 'Кардиоторакальная хирургия', kr: '흉부외과' },
  { videoUUID: placeholderVideoId(3, 12), title: 'Лечение инсульта', kr: '뇌졸중' },
  { videoUUID: placeholderVideoId(3, 13), title: 'Эпилепсия', kr: '뇌전증' },
  { videoUUID: placeholderVideoId(3, 14), title: 'Лечение позвоночника', kr: '척추' },
  { videoUUID: placeholderVideoId(3, 15), title: 'Эндопротезирование суставов', kr: '인공관절' },
  { videoUUID: placeholderVideoId(3, 16), title: 'Реабилитация', kr: '재활의학' },
  { videoUUID: placeholderVideoId(3, 17), title: 'Лазерная коррекция зрения', kr: '시력교정' },
  { videoUUID: placeholderVideoId(3, 18), title: 'Дентальная имплантация', kr: '임플란트' },
  { videoUUID: placeholderVideoId(3, 19), title: 'Ортодонтия', kr: '치아교정' },
  { videoUUID: placeholderVideoId(3, 20), title: 'Пластическая хирургия', kr: '성형외과' },
  { videoUUID: placeholderVideoId(3, 21), title: 'Лазерная дерматология', kr: '피부과 레이저' },
  { videoUUID: placeholderVideoId(3, 22), title: 'Эстетическая косметология', kr: '피부미용' },
  { videoUUID: placeholderVideoId(3, 23), title: 'Лечение бесплодия', kr: '난임' },
  { videoUUID: placeholderVideoId(3, 24), title: 'Гинекологическая онкология', kr: '부인암' },
  { videoUUID: placeholderVideoId(3, 25), title: 'Урология и простата', kr: '비뇨의학과' },
  { videoUUID: placeholderVideoId(3, 26), title: 'Педиатрия', kr: '소아청소년과' },
  { videoUUID: placeholderVideoId(3, 27), title: 'Слух и ЛОР-болезни', kr: '청각' },
  { videoUUID: placeholderVideoId(3, 28), title: 'Традиционная корейская медицина', kr: '한방' },
  { videoUUID: placeholderVideoId(3, 29), title: 'Варикозное расширение вен', kr: '하지정맥류' },
  { videoUUID: placeholderVideoId(3, 30), title: 'Эндокринология и диабет', kr: '내분비' },
];

/** Chinese page (zh), 30 videos. */
const CHINESE_VIDEOS: VideoList = [
  { videoUUID: CHINESE_START_VIDEO, title: '整形外科', kr: '성형외과' },
  { videoUUID: placeholderVideoId(4, 2), title: '皮肤美容', kr: '피부미용' },
  { videoUUID: placeholderVideoId(4, 3), title: '皮肤科激光治疗', kr: '피부과 레이저' },
  { videoUUID: placeholderVideoId(4, 4), title: '脱发治疗', kr: '탈모' },
  { videoUUID: placeholderVideoId(4, 5), title: '健康体检', kr: '종합검진' },
  { videoUUID: placeholderVideoId(4, 6), title: '机器人手术', kr: '로봇수술' },
  { videoUUID: placeholderVideoId(4, 7), title: '癌症中心', kr: '암센터' },
  { videoUUID: placeholderVideoId(4, 8), title: '胃癌', kr: '위암' },
  { videoUUID: placeholderVideoId(4, 9), title: '肺癌', kr: '폐암' },
  { videoUUID: placeholderVideoId(4, 10), title: '结直肠癌', kr: '대장암' },
  { videoUUID: placeholderVideoId(4, 11), title: '乳腺癌', kr: '유방암' },
  { videoUUID: placeholderVideoId(4, 12), title: '甲状腺', kr: '갑상선' },
  { videoUUID: placeholderVideoId(4, 13), title: '肝移植', kr: '간이식' },
  { videoUUID: placeholderVideoId(4, 14), title: '心血管内科', kr: '심장내과' },
  { videoUUID: placeholderVideoId(4, 15), title: '心胸外科', kr: '흉부외과' },
  { videoUUID: placeholderVideoId(4, 16), title: '脑卒中', kr: '뇌졸중' },
  { videoUUID: placeholderVideoId(4, 17), title: '脊柱疾病', kr: '척추' },
  { videoUUID: placeholderVideoId(4, 18), title: '人工关节置换', kr: '인공관절' },
  { videoUUID: placeholderVideoId(4, 19), title: '康复医学', kr: '재활의학' },
  { videoUUID: placeholderVideoId(4, 20), title: '视力矫正（LASIK）', kr: '시력교정' },
  { videoUUID: placeholderVideoId(4, 21), title: '种植牙', kr: '임플란트' },
  { videoUUID: placeholderVideoId(4, 22), title: '牙齿矫正', kr: '치아교정' },
  { videoUUID: placeholderVideoId(4, 23), title: '不孕不育治疗', kr: '난임' },
  { videoUUID: placeholderVideoId(4, 24), title: '妇科肿瘤', kr: '부인암' },
  { videoUUID: placeholderVideoId(4, 25), title: '泌尿外科与前列腺', kr: '비뇨의학과' },
  { videoUUID: placeholderVideoId(4, 26), title: '儿科', kr: '소아청소년과' },
  { videoUUID: placeholderVideoId(4, 27), title: '听力与耳鼻喉', kr: '청각' },
  { videoUUID: placeholderVideoId(4, 28), title: '韩医', kr: '한방' },
  { videoUUID: placeholderVideoId(4, 29), title: '减重治疗', kr: '비만' },
  { videoUUID: placeholderVideoId(4, 30), title: '下肢静脉曲张', kr: '하지정맥류' },
];

/** Vietnamese page (vi), 33 videos. */
const VIETNAMESE_VIDEOS: VideoList = [
  { videoUUID: placeholderVideoId(5, 1), title: 'Khám sức khỏe tổng quát', kr: '종합검진' },
  { videoUUID: placeholderVideoId(5, 2), title: 'Trung tâm ung thư', kr: '암센터' },
  { videoUUID: placeholderVideoId(5, 3), title: 'Phẫu thuật bằng robot', kr: '로봇수술' },
  { videoUUID: placeholderVideoId(5, 4), title: 'Ung thư dạ dày', kr: '위암' },
  { videoUUID: placeholderVideoId(5, 5), title: 'Ung thư phổi', kr: '폐암' },
  { videoUUID: placeholderVideoId(5, 6), title: 'Ung thư đại trực tràng', kr: '대장암' },
  { videoUUID: placeholderVideoId(5, 7), title: 'Ghép gan', kr: '간이식' },
  { videoUUID: placeholderVideoId(5, 8), title: 'Ung thư vú', kr: '유방암' },
  { videoUUID: placeholderVideoId(5, 9), title: 'Tuyến giáp', kr: '갑상선' },
  { videoUUID: placeholderVideoId(5, 10), title: 'Ung thư phụ khoa', kr: '부인암' },
  { videoUUID: placeholderVideoId(5, 11), title: 'Bệnh lý cổ tử cung', kr: '자궁경부질환' },
  { videoUUID: placeholderVideoId(5, 12), title: 'Tim mạch', kr: '심장내과' },
  { videoUUID: placeholderVideoId(5, 13), title: 'Phẫu thuật tim – lồng ngực', kr: '흉부외과' },
  { videoUUID: placeholderVideoId(5, 14), title: 'Điều trị đột quỵ', kr: '뇌졸중' },
  { videoUUID: placeholderVideoId(5, 15), title: 'Động kinh', kr: '뇌전증' },
  { videoUUID: placeholderVideoId(5, 16), title: 'Cột sống', kr: '척추' },
  { videoUUID: placeholderVideoId(5, 17), title: 'Thay khớp nhân tạo', kr: '인공관절' },
  { videoUUID: placeholderVideoId(5, 18), title: 'Phục hồi chức năng', kr: '재활의학' },
  { videoUUID: placeholderVideoId(5, 19), title: 'Phẫu thuật khúc xạ LASIK', kr: '시력교정' },
  { videoUUID: placeholderVideoId(5, 20), title: 'Phẫu thuật đục thủy tinh thể', kr: '백내장' },
  { videoUUID: placeholderVideoId(5, 21), title: 'Cấy ghép implant nha khoa', kr: '임플란트' },
  { videoUUID: placeholderVideoId(5, 22), title: 'Niềng răng', kr: '치아교정' },
  { videoUUID: placeholderVideoId(5, 23), title: 'Phẫu thuật thẩm mỹ', kr: '성형외과' },
  { videoUUID: placeholderVideoId(5, 24), title: 'Thẩm mỹ da', kr: '피부미용' },
  { videoUUID: placeholderVideoId(5, 25), title: 'Điều trị da bằng laser', kr: '피부과 레이저' },
  { videoUUID: placeholderVideoId(5, 26), title: 'Điều trị rụng tóc', kr: '탈모' },
  { videoUUID: placeholderVideoId(5, 27), title: 'Điều trị hiếm muộn', kr: '난임' },
  { videoUUID: placeholderVideoId(5, 28), title: 'Tiết niệu và tuyến tiền liệt', kr: '비뇨의학과' },
  { videoUUID: placeholderVideoId(5, 29), title: 'Nhi khoa', kr: '소아청소년과' },
  { videoUUID: placeholderVideoId(5, 30), title: 'Thính lực và tai mũi họng', kr: '청각' },
  { videoUUID: placeholderVideoId(5, 31), title: 'Nội tiết và đái tháo đường', kr: '내분비' },
  { videoUUID: placeholderVideoId(5, 32), title: 'Y học cổ truyền Hàn Quốc', kr: '한방' },
  { videoUUID: placeholderVideoId(5, 33), title: 'Suy giãn tĩnh mạch chân', kr: '하지정맥류' },
];

/** Japanese page (ja), 15 videos. */
const JAPANESE_VIDEOS: VideoList = [
  { videoUUID: placeholderVideoId(6, 1), title: '人間ドック', kr: '종합검진' },
  { videoUUID: placeholderVideoId(6, 2), title: '美容皮膚科', kr: '피부미용' },
  { videoUUID: placeholderVideoId(6, 3), title: '皮膚科レーザー治療', kr: '피부과 레이저' },
  { videoUUID: placeholderVideoId(6, 4), title: '美容整形', kr: '성형외과' },
  { videoUUID: placeholderVideoId(6, 5), title: '薄毛治療', kr: '탈모' },
  { videoUUID: placeholderVideoId(6, 6), title: '視力矯正（レーシック）', kr: '시력교정' },
  { videoUUID: placeholderVideoId(6, 7), title: 'インプラント', kr: '임플란트' },
  { videoUUID: placeholderVideoId(6, 8), title: '歯列矯正', kr: '치아교정' },
  { videoUUID: placeholderVideoId(6, 9), title: '韓方医学', kr: '한방' },
  { videoUUID: placeholderVideoId(6, 10), title: 'ロボット手術', kr: '로봇수술' },
  { videoUUID: placeholderVideoId(6, 11), title: 'がんセンター', kr: '암센터' },
  { videoUUID: placeholderVideoId(6, 12), title: '脊椎疾患', kr: '척추' },
  { videoUUID: placeholderVideoId(6, 13), title: '人工関節', kr: '인공관절' },
  { videoUUID: placeholderVideoId(6, 14), title: '不妊治療', kr: '난임' },
  { videoUUID: placeholderVideoId(6, 15), title: '甲状腺疾患', kr: '갑상선' },
];

export const CLINIC_VIDEOS: Record<LocaleCode, ClinicVideoList> = {
  en: { videos: ENGLISH_VIDEOS, start: { videoUUID: ENGLISH_VIDEOS[0].videoUUID } },
  ko: { videos: KOREAN_VIDEOS, start: 'random' },
  ru: { videos: RUSSIAN_VIDEOS, start: { videoUUID: RUSSIAN_START_VIDEO } },
  zh: { videos: CHINESE_VIDEOS, start: { videoUUID: CHINESE_START_VIDEO } },
  vi: { videos: VIETNAMESE_VIDEOS, start: { videoUUID: VIETNAMESE_VIDEOS[0].videoUUID } },
  ja: { videos: JAPANESE_VIDEOS, start: { videoUUID: JAPANESE_VIDEOS[0].videoUUID } },
};

export { placeholderVideoId };
