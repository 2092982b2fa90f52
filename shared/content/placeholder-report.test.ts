import { describe, expect, it } from 'vitest';
import { CONTACT } from './contact';
import { placeholderReport } from './placeholder-report';
import {
  displayText,
  isPlaceholderText,
  placeholderText,
  placeholderVideoId,
  isPlaceholderVideoId,
} from './placeholders';
import { CHINESE_START_VIDEO, RUSSIAN_START_VIDEO } from './clinic-videos';

describe('the placeholder report the site build prints', () => {
  it('names each contact value still marked, and the stand-in video ids per page', () => {
    const report = placeholderReport();
    expect(report).toContain('shared/content/contact.ts: CONTACT.landline');
    expect(report).toContain('shared/content/contact.ts: CONTACT.customerCentres[1]');
    expect(report).toContain('shared/content/clinic-videos.ts: 29 of 30 video ids on /RuPage');
    expect(report.some((line) => line.startsWith('shared/content/media.ts'))).toBe(true);
  });

  it('tells marked values and stand-in ids from real ones, and shows marked text without its marker', () => {
    expect(isPlaceholderText(CONTACT.landline)).toBe(true);
    expect(displayText(placeholderText('+82-00-000-0000'))).toBe('+82-00-000-0000');
    expect(displayText('+82-51-000-0000')).toBe('+82-51-000-0000');
    expect(isPlaceholderVideoId(placeholderVideoId(3, 7))).toBe(true);
    expect(isPlaceholderVideoId(RUSSIAN_START_VIDEO)).toBe(false);
    expect(isPlaceholderVideoId(CHINESE_START_VIDEO)).toBe(false);
  });
});
