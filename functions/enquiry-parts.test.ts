import { describe, expect, it } from 'vitest';
import { ENQUIRY_PART_USES } from '../shared/enquiry-parts';
import { ALL_PARTS, SUBJECT_PARTS, partBuckets, partTables } from './enquiry-parts';

describe('the index of what features keep about an enquiry', () => {
  it('names, in the functions tier, the same features whose needs the shared tier declares', () => {
    expect(ALL_PARTS.map((part) => part.name).sort()).toEqual(Object.keys(ENQUIRY_PART_USES).sort());
  });

  it('has a part declare buckets only where its shared declaration grants one', () => {
    for (const part of ALL_PARTS) {
      const granted = Object.keys(ENQUIRY_PART_USES[part.name]?.erase.buckets ?? {});
      expect(Object.keys(part.buckets ?? {}).length > 0, part.name).toBe(granted.length > 0);
    }
  });

  it('wires every part store once, so no two parts name one store differently', () => {
    const named = ALL_PARTS.flatMap((part) => Object.keys(part.tables));
    expect(Object.keys(partTables(ALL_PARTS)).sort()).toEqual([...new Set(named)].sort());
    expect(Object.keys(partBuckets(ALL_PARTS))).toEqual(['inbound']);
  });

  it('hands the subject what the shared tier grants a read of', () => {
    const reading = Object.keys(ENQUIRY_PART_USES).filter((name) => ENQUIRY_PART_USES[name]?.subject);
    expect(SUBJECT_PARTS.map((part) => part.name).sort()).toEqual(reading.sort());
  });
});
