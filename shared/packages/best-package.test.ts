import { describe, expect, it } from 'vitest';
import {
  BEST_PACKAGE_INDEXES,
  type BestPackage,
  IMAGE_FILE_NAME,
  POPUP_FIELD_BY_SUFFIX,
  packageTextFor,
} from './best-package';
import { popupEditSchema, titleEditSchema } from './best-package-schema';
import { LOCALES, localeByCode } from '../locales';

const titleEdit = {
  index: 1,
  title_kr: '종합검진 패키지',
  content_kr: '하루 만에 끝나는 검진',
  title_en: 'Check-up package',
  content_en: 'A one-day check-up',
  title_ch: '体检套餐',
  content_ch: '一天完成的体检',
  title_ru: 'Пакет обследования',
  content_ru: 'Обследование за один день',
};

function refusedFields(
  schema: typeof titleEditSchema | typeof popupEditSchema,
  input: Record<string, unknown>,
): string[] {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`Expected refusal of ${JSON.stringify(input)}`);
  return [...new Set(result.error.issues.map((issue) => issue.path.join('.')))].sort();
}

describe('titleEditSchema', () => {
  it('accepts the four required languages alone', () => {
    const edit = titleEditSchema.parse(titleEdit);
    expect(edit).toMatchObject(titleEdit);
    expect(edit.title_jp).toBeUndefined();
    expect(edit.title_vn).toBeUndefined();
    expect(edit.imgUP).toBeUndefined();
  });

  it('accepts the index only as 1, 2 or 3 (numbers or numeric strings)', () => {
    expect([...BEST_PACKAGE_INDEXES]).toEqual([1, 2, 3]);
    for (const index of [1, 2, 3, '1', '3'])
      expect(titleEditSchema.parse({ ...titleEdit, index }).index).toBe(Number(index));
    for (const index of [0, 4, -1, 1.5, '0', '4', 'one', null, undefined]) {
      expect(refusedFields(titleEditSchema, { ...titleEdit, index })).toEqual(['index']);
    }
  });

  for (const language of ['kr', 'en', 'ch', 'ru']) {
    it(`requires title_${language} and content_${language}`, () => {
      const {
        [`title_${language}` as 'title_kr']: _title,
        [`content_${language}` as 'content_kr']: _content,
        ...rest
      } = titleEdit;
      expect(refusedFields(titleEditSchema, rest)).toEqual([`content_${language}`, `title_${language}`]);
      expect(refusedFields(titleEditSchema, { ...titleEdit, [`title_${language}`]: '   ' })).toEqual([
        `title_${language}`,
      ]);
      expect(refusedFields(titleEditSchema, { ...titleEdit, [`content_${language}`]: '' })).toEqual([
        `content_${language}`,
      ]);
    });
  }

  it('makes the Japanese and Vietnamese fields optional, keeping an empty value (it clears the field)', () => {
    const edit = titleEditSchema.parse({
      ...titleEdit,
      title_jp: ' 健診パッケージ ',
      content_jp: '',
      title_vn: 'Gói khám',
      content_vn: 'Khám trong một ngày',
    });
    expect(edit.title_jp).toBe('健診パッケージ');
    expect(edit.content_jp).toBe('');
    expect(edit.title_vn).toBe('Gói khám');
    expect(edit.content_vn).toBe('Khám trong một ngày');
  });

  it('caps titles at 200 and contents at 5000 characters', () => {
    expect(
      titleEditSchema.parse({ ...titleEdit, title_en: 't'.repeat(200), content_en: 'c'.repeat(5_000) }).title_en,
    ).toHaveLength(200);
    expect(refusedFields(titleEditSchema, { ...titleEdit, title_en: 't'.repeat(201) })).toEqual(['title_en']);
    expect(refusedFields(titleEditSchema, { ...titleEdit, content_en: 'c'.repeat(5_001) })).toEqual(['content_en']);
    expect(refusedFields(titleEditSchema, { ...titleEdit, title_jp: 't'.repeat(201) })).toEqual(['title_jp']);
    expect(refusedFields(titleEditSchema, { ...titleEdit, content_vn: 'c'.repeat(5_001) })).toEqual(['content_vn']);
  });

  it('reads an empty image name as "keep the current image"', () => {
    expect(titleEditSchema.parse({ ...titleEdit, imgUP: '' }).imgUP).toBeUndefined();
    expect(titleEditSchema.parse({ ...titleEdit, imgUP: '   ' }).imgUP).toBeUndefined();
  });

  it('accepts an uploaded image name', () => {
    const name = '3f2c9a1e-6b7d-4e8f-9a0b-1c2d3e4f5a6b.webp';
    expect(titleEditSchema.parse({ ...titleEdit, imgUP: name }).imgUP).toBe(name);
  });

  it.each([
    '../secret.png',
    'a/b.png',
    'image.svg',
    'image.png.exe',
    '.hidden.png',
    'no-extension',
    'x'.repeat(129) + '.png',
    'bad name.jpg',
    '%2e%2e.png',
  ])('refuses the image name %j', (imgUP) => {
    expect(refusedFields(titleEditSchema, { ...titleEdit, imgUP })).toEqual(['imgUP']);
  });
});

describe('IMAGE_FILE_NAME', () => {
  it.each(['a.jpg', 'a.jpeg', 'a.png', 'a.webp', 'a.avif', 'a.gif', 'best-1_checkup.v2.webp'])('accepts %j', (name) => {
    expect(IMAGE_FILE_NAME.test(name)).toBe(true);
  });

  it.each(['a.JPG', 'a.svg', 'a.html', '', '.png', '-a.png', 'a\n.png', 'a.png\n'])('refuses %j', (name) => {
    expect(IMAGE_FILE_NAME.test(name)).toBe(false);
  });
});

describe('popupEditSchema', () => {
  it('accepts any subset of the six languages; empty or absent keeps the current image', () => {
    const edit = popupEditSchema.parse({ index: '2', imgUP_kr: 'kr.webp', imgUP_en: '', imgUP_jp: 'jp.png' });
    expect(edit).toEqual({
      index: 2,
      imgUP_kr: 'kr.webp',
      imgUP_en: undefined,
      imgUP_ch: undefined,
      imgUP_ru: undefined,
      imgUP_jp: 'jp.png',
      imgUP_vn: undefined,
    });
  });

  it('accepts the index only as 1, 2 or 3', () => {
    for (const index of [0, 4, '7', 'x'])
      expect(refusedFields(popupEditSchema, { index, imgUP_kr: 'kr.webp' })).toEqual(['index']);
    expect(refusedFields(popupEditSchema, { imgUP_kr: 'kr.webp' })).toEqual(['index']);
  });

  it('refuses names that are not upload names, naming each field', () => {
    expect(
      refusedFields(popupEditSchema, { index: 1, imgUP_kr: 'evil.svg', imgUP_vn: '../x.png', imgUP_en: 'fine.png' }),
    ).toEqual(['imgUP_kr', 'imgUP_vn']);
  });

  it('maps each language to its popup field', () => {
    expect(POPUP_FIELD_BY_SUFFIX).toEqual({
      kr: 'FILE_THUMB',
      en: 'FILE_THUMB_en',
      ch: 'FILE_THUMB_ch',
      ru: 'FILE_THUMB_ru',
      jp: 'FILE_THUMB_jp',
      vn: 'FILE_THUMB_vn',
    });
  });
});

const pkg: BestPackage = {
  INDEX: 1,
  TITLE: '종합검진',
  TITLE_kr: '종합검진',
  TITLE_en: 'Check-up',
  TITLE_ch: '体检',
  TITLE_ru: 'Обследование',
  CONTENT_kr: '내용',
  CONTENT_en: 'Content',
  CONTENT_ch: '内容',
  CONTENT_ru: 'Содержание',
  FILE_THUMB: 'kr.webp',
  FILE_THUMB_en: 'en.webp',
  FILE_THUMB_ch: 'ch.webp',
  FILE_THUMB_ru: 'ru.webp',
  FILE_POPUP: 'board.webp',
};

const forLocale = (record: BestPackage, code: 'en' | 'ko' | 'zh' | 'ru' | 'vi' | 'ja') => {
  const locale = localeByCode(code);
  return packageTextFor(record, locale.packageSuffix, locale.packageFallback);
};

describe('packageTextFor', () => {
  it('uses the fallbacks of docs/decisions.md: Japanese falls back to Chinese, Vietnamese to English', () => {
    expect(localeByCode('ja')).toMatchObject({ packageSuffix: 'jp', packageFallback: 'ch' });
    expect(localeByCode('vi')).toMatchObject({ packageSuffix: 'vn', packageFallback: 'en' });
    for (const locale of LOCALES.filter((candidate) => !['ja', 'vi'].includes(candidate.code))) {
      expect(locale.packageFallback).toBe(locale.packageSuffix);
    }
  });

  it('gives each of the four stored languages its own fields', () => {
    expect(forLocale(pkg, 'ko')).toEqual({ title: '종합검진', content: '내용', popupImage: 'kr.webp' });
    expect(forLocale(pkg, 'en')).toEqual({ title: 'Check-up', content: 'Content', popupImage: 'en.webp' });
    expect(forLocale(pkg, 'zh')).toEqual({ title: '体检', content: '内容', popupImage: 'ch.webp' });
    expect(forLocale(pkg, 'ru')).toEqual({ title: 'Обследование', content: 'Содержание', popupImage: 'ru.webp' });
  });

  it('falls back when the Japanese and Vietnamese fields are absent', () => {
    expect(forLocale(pkg, 'ja')).toEqual({ title: '体检', content: '内容', popupImage: 'ch.webp' });
    expect(forLocale(pkg, 'vi')).toEqual({ title: 'Check-up', content: 'Content', popupImage: 'en.webp' });
  });

  it('falls back when they are empty', () => {
    const empty = {
      ...pkg,
      TITLE_jp: '',
      CONTENT_jp: '',
      FILE_THUMB_jp: '',
      TITLE_vn: '',
      CONTENT_vn: '',
      FILE_THUMB_vn: '',
    };
    expect(forLocale(empty, 'ja')).toEqual({ title: '体检', content: '内容', popupImage: 'ch.webp' });
    expect(forLocale(empty, 'vi')).toEqual({ title: 'Check-up', content: 'Content', popupImage: 'en.webp' });
  });

  it('uses their own fields when present, field by field', () => {
    const own = { ...pkg, TITLE_jp: '健診', FILE_THUMB_jp: 'jp.webp', CONTENT_vn: 'Nội dung' };
    expect(forLocale(own, 'ja')).toEqual({ title: '健診', content: '内容', popupImage: 'jp.webp' });
    expect(forLocale(own, 'vi')).toEqual({ title: 'Check-up', content: 'Nội dung', popupImage: 'en.webp' });
  });
});
