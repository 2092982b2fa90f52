/** The reply panel's machine translation, in Korean as the back office speaks. */
export const REPLY_TRANSLATION_TEXT = {
  original: '내용 (한국어, 또는 방문자의 언어)',
  previewButton: '번역 미리 보기',
  translating: '번역하는 중…',
  /** The translated text's label: what it is, into which language, by whom. */
  machine: (language: string, engine: string) => `기계 번역 (${language}) · ${engine}: 보내기 전에 고칠 수 있습니다`,
  edited: '번역을 고쳤습니다.',
  stale: '번역한 뒤에 한국어 내용이 바뀌었습니다. 다시 미리 보세요.',
  notNeeded: '이미 방문자의 언어로 쓴 내용이라 번역하지 않고 그대로 보냅니다.',
  unavailable: '지금은 기계 번역을 쓸 수 없습니다. 방문자의 언어로 직접 작성해 보내 주세요.',
  capped: '오늘의 기계 번역 한도를 다 썼습니다. 방문자의 언어로 직접 작성해 보내 주세요.',
  refused: '번역기가 이 내용을 번역하지 못했습니다. 방문자의 언어로 직접 작성해 보내 주세요.',
  /** The thread: a translated reply's Korean original. */
  threadOriginal: (engine: string | undefined) => (engine ? `한국어 원문 (${engine}로 번역해 보냄)` : '한국어 원문'),
} as const;
