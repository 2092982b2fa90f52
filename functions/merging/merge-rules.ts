/** What may be merged, and the pointer an enquiry merged away becomes (its lists, and back). */
import { listName, sectionListName, workListKeys } from '../enquiries/enquiry-lists';
import { MERGED_LIST, type StoredEnquiry, type VersionedChange } from '../enquiries/ports';
import { ApiError } from '../platform/http/errors';
import { formatReference } from '../../shared/work/enquiry-work';

/** The attributes of an enquiry's lists: a pointer has none of its work lists, and a list no one reads. */
const WORK_LIST_FIELDS = ['STATUS_LIST', 'OWNER_LIST', 'STATUS_OWNER'] as const;

const refused = (message: string, field = 'into') => new ApiError('invalid_input', message, { [field]: message });

/** Refuses a merge that cannot be: the same enquiry, spam, one merged away, a source others were merged into. */
export function checkMergeable(source: StoredEnquiry, target: StoredEnquiry): void {
  const ref = formatReference;
  if (source.POST_INDEX === target.POST_INDEX) throw refused('An enquiry cannot be merged into itself.');
  if (source.SPAM || target.SPAM)
    throw refused('Suspected spam is kept apart and is not merged; mark it as not spam first.');
  if (target.MERGED_INTO !== undefined)
    throw refused(`${ref(target.POST_INDEX)} was merged into ${ref(target.MERGED_INTO)}; merge into that one.`);
  if (source.MERGED_INTO !== undefined)
    throw refused(`${ref(source.POST_INDEX)} was merged into ${ref(source.MERGED_INTO)} already.`, 'index');
  if (source.MERGED_FROM?.length)
    // Kept one level deep, so each merge can be undone on its own: merge the other way round instead.
    throw refused(
      `Other enquiries were merged into ${ref(source.POST_INDEX)}; merge ${ref(target.POST_INDEX)} into it instead.`,
      'index',
    );
}

/** The change that makes an enquiry a pointer to `target`: out of every list, marked as moving its history. */
export function pointerChange(target: StoredEnquiry, actor: string, at: string): VersionedChange {
  return {
    set: {
      MERGED_INTO: target.POST_INDEX,
      MERGED_AT: at,
      MERGED_BY: actor,
      MERGE_STATE: 'moving',
      MERGE_STEPS: [],
      LIST: MERGED_LIST,
      SECTION_LIST: MERGED_LIST,
      UPDATED_AT: at,
    },
    remove: [...WORK_LIST_FIELDS, 'MERGE_MEMO'],
  };
}

/** The change that brings a pointer back: its lists as its spam mark, section, status and owner say, the merge forgotten. */
export function restoredChange(source: StoredEnquiry, at: string): VersionedChange {
  return {
    set: {
      LIST: listName(source.SPAM),
      SECTION_LIST: sectionListName(source.SPAM, source.MEDICAL_SECTION),
      ...(source.SPAM ? {} : workListKeys(source.STATUS ?? 'new', source.OWNER ?? '')),
      UPDATED_AT: at,
    },
    remove: ['MERGED_INTO', 'MERGED_AT', 'MERGED_BY', 'MERGE_STATE', 'MERGE_STEPS', 'MERGE_MEMO'],
  };
}

/** A conflict: someone changed one of the two meanwhile (the staff app reads both again). */
export function changedMeanwhile(which: StoredEnquiry): ApiError {
  return new ApiError(
    'conflict',
    `${formatReference(which.POST_INDEX)} was changed meanwhile; read it again and merge once more.`,
  );
}
