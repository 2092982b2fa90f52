import { describe, expect, it } from 'vitest';
import { readTagInput } from './tag-input';
import { TAGS_TEXT } from './words';

describe('the tag input', () => {
  it('reads comma-separated tags, normalised, leaving out the ones the enquiry has in any spelling', () => {
    expect(readTagInput(' VIP ,  follow   up,, 보험 ', [])).toEqual({ tags: ['VIP', 'follow up', '보험'] });
    expect(readTagInput('vip, Insurance, insurance', ['VIP'])).toEqual({ tags: ['Insurance'] });
    expect(readTagInput(' , ', [])).toEqual({ tags: [] });
  });

  it('says in Korean what the API would refuse', () => {
    expect(readTagInput(`ok, ${'긴'.repeat(31)}`, [])).toEqual({ problem: TAGS_TEXT.tooLong('긴'.repeat(31)) });
    expect(readTagInput('bell\u0007', [])).toEqual({ problem: TAGS_TEXT.unusable('bell\u0007') });
    expect(readTagInput('k, l', ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'])).toEqual({ problem: TAGS_TEXT.tooMany });
  });
});
