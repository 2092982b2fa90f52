/**
 * An enquiry's tags: a removed enquiry leaves the index of each of its tags;
 * the enquiry merged into takes the other's tags (as many as it has room
 * for), the one merged away leaves the index, and an undo puts both back.
 */
import { TAGS_PER_ENQUIRY_MAX, sameTag } from '../../shared/tags/tags';
import { enquiries } from '../enquiries/adapters/stores';
import { defineEnquiryPart } from '../enquiries/lifecycle';
import { events } from '../work/adapters/stores';
import { tagIndex } from './adapters/stores';
import { changeTags, retagRestored, untagRemoved } from './tags';

/** What a merge noted: the tags it put on the target, which an undo takes off again. */
const addedBy = (memo: unknown): string[] =>
  Array.isArray((memo as { added?: unknown } | undefined)?.added)
    ? (memo as { added: unknown[] }).added.filter((tag): tag is string => typeof tag === 'string')
    : [];

export const tagsPart = /* @__PURE__ */ defineEnquiryPart({
  name: 'tags',
  tables: { tagIndex, enquiries, events },
  async erase(deps, { enquiry }) {
    await untagRemoved(deps, enquiry);
  },
  async merged(deps, { source, target, actor }) {
    const carried = target.TAGS ?? [];
    const room = Math.max(0, TAGS_PER_ENQUIRY_MAX - carried.length);
    const added = (source.TAGS ?? []).filter((tag) => !carried.some((had) => sameTag(had, tag))).slice(0, room);
    if (added.length) await changeTags(deps, actor, { index: target.POST_INDEX, add: added });
    await untagRemoved(deps, source);
    return { added };
  },
  async unmerged(deps, { source, target, actor, memo }) {
    const added = addedBy(memo);
    if (added.length) await changeTags(deps, actor, { index: target.POST_INDEX, remove: added });
    await retagRestored(deps, source);
  },
});
