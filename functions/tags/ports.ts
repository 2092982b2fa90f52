/**
 * What tags keep beside the enquiries: the tag index, which files each
 * enquiry under each of its tags (so one tag's enquiries are a key-range
 * read, newest first, whatever the table's size) and counts the enquiries of
 * each tag in use. Adapters implement this port; unit tests pass a fake.
 */
import type { TagInUse } from '../../shared/tags/tags';

export interface TagIndex {
  /** The tags in use now, each with how many enquiries carry it. */
  inUse(): Promise<TagInUse[]>;
  /** Files the enquiry under the tag and counts it; `false` (and nothing changes) when it was already. */
  link(tag: string, postIndex: number): Promise<boolean>;
  /** Takes the enquiry out of the tag and counts it out; `false` when it was not in. A tag nobody carries leaves the list in use. */
  unlink(tag: string, postIndex: number): Promise<boolean>;
  /** The tag's enquiries, newest first: POST_INDEXes below `below` (or from the newest), at most `limit`. */
  page(tag: string, below: number | undefined, limit: number): Promise<number[]>;
  /** The tag's enquiries with POST_INDEX in [lowest, highest], newest first. */
  range(tag: string, highest: number, lowest: number): Promise<number[]>;
}
