/** The back office's words for packages (Korean). */

export const PACKAGES_TEXT = {
  edit: '수정',
  popupUpload: '팝업 업로드',
  boardImage: '보드 이미지',
  popupImage: (language: string) => `팝업 이미지 (${language})`,
  title: (language: string) => `제목 (${language})`,
  content: (language: string) => `내용 (${language})`,
  optional: '선택',
  uploading: (percent: number) => `업로드 중… ${percent}%`,
  uploaded: '업로드 완료',
  notAnImage: 'JPEG, PNG, WebP, AVIF, GIF 이미지만 올릴 수 있습니다.',
  tooLarge: '5MB 이하의 이미지만 올릴 수 있습니다.',
  uploadFailed: '이미지를 올리지 못했습니다. 다시 시도해 주세요.',
  refusedImage: '이미지가 거부되었습니다: ',
  packageTitle: (index: number) => `BEST ${index}`,
  packageSaved: (index: number) => `BEST ${index}을(를) 저장했습니다. 공개 페이지에는 1분 안에 반영됩니다.`,
} as const;

/** Languages of the package fields, in the editor's order. */
export const PACKAGE_LANGUAGES = [
  { suffix: 'kr', label: '한국어', required: true },
  { suffix: 'en', label: '영어', required: true },
  { suffix: 'ch', label: '중국어', required: true },
  { suffix: 'ru', label: '러시아어', required: true },
  { suffix: 'jp', label: '일본어', required: false },
  { suffix: 'vn', label: '베트남어', required: false },
] as const;
