/**
 * In-memory fakes of the enquiries table (as the store and as the export's
 * reader) and the counters, beside their ports, for the unit tests. They
 * follow the semantics of the DynamoDB and S3 adapters.
 */
import type {
  CounterStore,
  EnquiryList,
  EnquiryStore,
  MailUpdate,
  WorkChange,
  WorkIndex,
  StoredEnquiry,
  VersionedChange,
} from './ports';
import type { EnquiryExportReader, ExportSource, ExportedEnquiry } from '../exports/ports';
import { EXPORTED_FIELDS } from '../exports/ports';

const WORK_FIELDS = {
  byStatus: 'STATUS_LIST',
  byOwner: 'OWNER_LIST',
  byStatusOwner: 'STATUS_OWNER',
} as const satisfies Record<WorkIndex, keyof StoredEnquiry>;

/** Only the fields a CSV row needs, as the export's reader projects them. */
const exported = (item: StoredEnquiry) =>
  Object.fromEntries(
    EXPORTED_FIELDS.filter((field) => item[field] !== undefined).map((field) => [field, structuredClone(item[field])]),
  ) as ExportedEnquiry;

/** The enquiries table, both as the store and as the export's reader. */
export class FakeEnquiryStore implements EnquiryStore, EnquiryExportReader {
  readonly items = new Map<number, StoredEnquiry>();

  async create(enquiry: StoredEnquiry): Promise<boolean> {
    if (this.items.has(enquiry.POST_INDEX)) return false;
    this.items.set(enquiry.POST_INDEX, structuredClone(enquiry));
    return true;
  }

  async get(postIndex: number): Promise<StoredEnquiry | undefined> {
    const item = this.items.get(postIndex);
    return item ? structuredClone(item) : undefined;
  }

  async getMany(postIndexes: readonly number[]): Promise<StoredEnquiry[]> {
    return [...new Set(postIndexes)].flatMap((index) => {
      const item = this.items.get(index);
      return item ? [structuredClone(item)] : [];
    });
  }

  private inList(list: EnquiryList): { item: StoredEnquiry; seq: number }[] {
    return [...this.items.values()]
      .filter((item) => (list.bySection ? item.SECTION_LIST : item.LIST) === list.partition)
      .map((item) => ({ item, seq: list.bySection ? item.SECTION_SEQ : item.LIST_SEQ }));
  }

  async page(list: EnquiryList, highest: number, lowest: number, limit: number): Promise<StoredEnquiry[]> {
    if (highest < lowest || limit < 1) return [];
    return this.inList(list)
      .filter(({ seq }) => seq >= lowest && seq <= highest)
      .sort((a, b) => b.seq - a.seq)
      .slice(0, limit)
      .map(({ item }) => structuredClone(item));
  }

  async sequenceBounds(list: EnquiryList, fromIso: string, toIso: string) {
    const seqs = this.inList(list)
      .filter(({ item }) => item.RECEIVED_AT >= fromIso && item.RECEIVED_AT <= toIso)
      .map(({ seq }) => seq);
    return seqs.length ? { lowest: Math.min(...seqs), highest: Math.max(...seqs) } : undefined;
  }

  async updateMail(postIndex: number, update: MailUpdate): Promise<void> {
    const item = this.items.get(postIndex);
    if (!item)
      throw Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });
    item.MAIL_STATUS = update.status;
    item.MAIL_ATTEMPTS = update.attempts;
  }

  async workPage(index: WorkIndex, key: string, below: number | undefined, limit: number): Promise<StoredEnquiry[]> {
    return [...this.items.values()]
      .filter((item) => item[WORK_FIELDS[index]] === key && (below === undefined || item.POST_INDEX < below))
      .sort((a, b) => b.POST_INDEX - a.POST_INDEX)
      .slice(0, limit)
      .map((item) => structuredClone(item));
  }

  async exportItems(postIndexes: readonly number[]): Promise<ExportedEnquiry[]> {
    return (await this.getMany(postIndexes)).sort((a, b) => b.POST_INDEX - a.POST_INDEX).map(exported);
  }

  async exportRange(
    source: Exclude<ExportSource, { kind: 'tag' }>,
    highest: number,
    lowest: number,
  ): Promise<ExportedEnquiry[]> {
    const found =
      source.kind === 'list'
        ? this.inList(source.list)
        : [...this.items.values()]
            .filter((item) => item[WORK_FIELDS[source.index]] === source.key)
            .map((item) => ({ item, seq: item.POST_INDEX }));
    return found
      .filter(({ seq }) => seq >= lowest && seq <= highest)
      .sort((a, b) => b.seq - a.seq)
      .map(({ item }) => exported(item));
  }

  async changeWork(postIndex: number, expectedVersion: number, change: WorkChange): Promise<StoredEnquiry | undefined> {
    const item = this.items.get(postIndex);
    if (!item || (item.VERSION ?? 0) !== expectedVersion) return undefined;
    for (const [field, value] of Object.entries(change))
      if (value !== undefined) (item as unknown as Record<string, unknown>)[field] = value;
    item.VERSION = expectedVersion + 1;
    return structuredClone(item);
  }

  async changeAtVersion(
    postIndex: number,
    expectedVersion: number,
    { set, remove = [] }: VersionedChange,
  ): Promise<StoredEnquiry | undefined> {
    const item = this.items.get(postIndex) as unknown as Record<string, unknown> | undefined;
    if (!item || ((item['VERSION'] as number | undefined) ?? 0) !== expectedVersion) return undefined;
    for (const [field, value] of Object.entries(set)) if (value !== undefined) item[field] = structuredClone(value);
    for (const field of remove) delete item[field];
    item['VERSION'] = expectedVersion + 1;
    return structuredClone(item) as unknown as StoredEnquiry;
  }

  async changeTags(
    postIndex: number,
    expectedRevision: number,
    tags: readonly string[],
    at: string,
  ): Promise<StoredEnquiry | undefined> {
    const item = this.items.get(postIndex);
    if (!item || (item.TAGS_REVISION ?? 0) !== expectedRevision) return undefined;
    if (tags.length) item.TAGS = [...tags];
    else delete item.TAGS;
    item.UPDATED_AT = at;
    item.TAGS_REVISION = expectedRevision + 1;
    return structuredClone(item);
  }

  async clearUnread(postIndex: number, owner: string, upTo: string): Promise<boolean> {
    const item = this.items.get(postIndex);
    if (item?.UNREAD_VISITOR_AT === undefined || item.UNREAD_VISITOR_AT > upTo || (item.OWNER ?? '') !== owner)
      return false;
    delete item.UNREAD_VISITOR_AT;
    return true;
  }

  async addVisitorLinkHash(postIndex: number, hash: string, at: string): Promise<boolean> {
    const item = this.items.get(postIndex);
    if (!item) return false;
    item.VISITOR_LINK_HASHES = new Set([...(item.VISITOR_LINK_HASHES ?? []), hash]);
    item.VISITOR_LINKS_ACTIVE_AT = at;
    return true;
  }

  async markVisitorLinksActive(postIndex: number, at: string): Promise<void> {
    const item = this.items.get(postIndex);
    if (item) item.VISITOR_LINKS_ACTIVE_AT = at;
  }

  async replaceVisitorLinkHashes(
    postIndex: number,
    expectedVersion: number,
    hash: string,
    at: string,
  ): Promise<StoredEnquiry | undefined> {
    const item = this.items.get(postIndex);
    if (!item || (item.VERSION ?? 0) !== expectedVersion) return undefined;
    item.VISITOR_LINK_HASHES = new Set([hash]);
    item.UPDATED_AT = at;
    item.LINKS_REPLACED_AT = at;
    item.VISITOR_LINKS_ACTIVE_AT = at;
    item.REPLY_GENERATION = (item.REPLY_GENERATION ?? 0) + 1;
    item.VERSION = expectedVersion + 1;
    return structuredClone(item);
  }

  async touch(postIndex: number, at: string): Promise<void> {
    const item = this.items.get(postIndex);
    if (item) item.UPDATED_AT = at;
  }

  async setHold(postIndex: number, reason: string | undefined): Promise<void> {
    const item = this.items.get(postIndex);
    if (!item) return;
    if (reason === undefined) delete item.LEGAL_HOLD;
    else item.LEGAL_HOLD = reason;
  }

  async byEmail(emailKey: string): Promise<number[]> {
    return [...this.items.values()].filter((item) => item.EMAIL_KEY === emailKey).map((item) => item.POST_INDEX);
  }

  async byPhone(phoneKey: string): Promise<number[]> {
    return [...this.items.values()].filter((item) => item.PHONE_KEY === phoneKey).map((item) => item.POST_INDEX);
  }

  async inactive(list: 'ALL' | 'SPAM', beforeIso: string, limit: number): Promise<number[]> {
    return [...this.items.values()]
      .filter((item) => item.LIST === list && item.UPDATED_AT < beforeIso && item.LEGAL_HOLD === undefined)
      .sort((a, b) => (a.UPDATED_AT < b.UPDATED_AT ? -1 : 1))
      .slice(0, limit)
      .map((item) => item.POST_INDEX);
  }

  async countInactive(list: 'ALL' | 'SPAM', beforeIso: string): Promise<number> {
    return [...this.items.values()].filter(
      (item) => item.LIST === list && item.UPDATED_AT < beforeIso && item.LEGAL_HOLD === undefined,
    ).length;
  }

  async remove(postIndex: number): Promise<void> {
    this.items.delete(postIndex);
  }
}

export class FakeCounterStore implements CounterStore {
  readonly values = new Map<string, number>();
  async increment(name: string): Promise<number> {
    return this.add(name, 1);
  }
  async add(name: string, delta: number): Promise<number> {
    const next = (this.values.get(name) ?? 0) + delta;
    this.values.set(name, next);
    return next;
  }
  async read(name: string): Promise<number> {
    return this.values.get(name) ?? 0;
  }
}
