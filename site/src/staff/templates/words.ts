/** The back office's words for templates (Korean). */

export const TEMPLATES_TEXT = {
  templatesPage: {
    section: '문의 구분',
    language: '언어',
    edited: (by: string, when: string) => `${by} · ${when} 수정`,
    isDefault: '기본 양식',
    saved: '양식을 저장했습니다.',
    placeholders: '{reference}는 접수 번호, {name}은 방문자 이름으로 바뀝니다.',
  },
} as const;
