/**
 * In-memory fakes of the conversation's ports, for the unit tests. They
 * follow the semantics of the S3 and DynamoDB adapters: a raw message too
 * large is never read, a kept message is kept once. `failWith` makes the next
 * calls throw, as a service that is down.
 */
import type { KeptBox } from '../../shared/conversation/visitor-messages';
import {
  type HandledMail,
  type InboundBucket,
  type KeptMail,
  type KeptMailPageQuery,
  type KeptMailPlace,
  type KeptMailStore,
  type SentMail,
  type SentMailIds,
  keptMailSearchText,
  stillKept,
} from './ports';

/** Whether a mail comes after a place in a box's newest-first order. */
const placeBefore = (mail: KeptMail, place: KeptMailPlace) =>
  mail.receivedAt < place.receivedAt || (mail.receivedAt === place.receivedAt && mail.key < place.key);

export class FakeInboundBucket implements InboundBucket {
  readonly objects = new Map<string, { bytes: Uint8Array; type?: string }>();
  failWith: Error | undefined;
  private check() {
    if (this.failWith) throw this.failWith;
  }
  async putRaw(key: string, bytes: Uint8Array): Promise<void> {
    this.check();
    this.objects.set(key, { bytes: new Uint8Array(bytes) });
    this.scanResults.delete(key);
  }
  async getRaw(key: string, maxBytes: number): Promise<Uint8Array | { tooLarge: number }> {
    this.check();
    const found = this.objects.get(key);
    if (!found) throw Object.assign(new Error('The specified key does not exist.'), { name: 'NoSuchKey' });
    return found.bytes.length > maxBytes ? { tooLarge: found.bytes.length } : new Uint8Array(found.bytes);
  }
  /** The scan result tagged on each object (a test tags it as GuardDuty would); a put removes it, as on S3. */
  readonly scanResults = new Map<string, string>();
  async putAttachment(key: string, bytes: Uint8Array, type: string): Promise<void> {
    this.check();
    this.objects.set(key, { bytes: new Uint8Array(bytes), type });
    this.scanResults.delete(key);
  }
  async scanResult(key: string): Promise<string | undefined> {
    this.check();
    return this.scanResults.get(key);
  }
  /** The links handed out; the fake's link names the key and the response it asked for. */
  readonly links: { key: string; disposition: string; type: string; expiresSeconds: number }[] = [];
  async downloadUrl(
    key: string,
    response: { disposition: string; type: string },
    expiresSeconds: number,
  ): Promise<string> {
    this.check();
    this.links.push({ key, ...response, expiresSeconds });
    return `https://inbound.fake.test/${key}?expires=${expiresSeconds}`;
  }
  async remove(keys: readonly string[]): Promise<void> {
    this.check();
    for (const key of keys) {
      this.objects.delete(key);
      this.scanResults.delete(key);
    }
  }
}

export class FakeKeptMailStore implements KeptMailStore {
  readonly items = new Map<string, KeptMail | HandledMail>();
  failWith: Error | undefined;
  /** Makes only the next `settle` throw (a store failing half-way through a staff member's attach or discard). */
  failNextSettle: Error | undefined;
  private check() {
    if (this.failWith) throw this.failWith;
  }
  async keep(mail: KeptMail): Promise<boolean> {
    this.check();
    if (this.items.has(mail.key)) return false;
    this.items.set(mail.key, structuredClone(mail));
    return true;
  }
  /** The mails still in a box (what stays of a handled one is in no index, as in DynamoDB) that match, newest first. */
  private newestFirst(match: (mail: KeptMail) => boolean): KeptMail[] {
    this.check();
    return [...this.items.values()]
      .filter(stillKept)
      .filter(match)
      .sort((a, b) => (a.receivedAt < b.receivedAt ? 1 : -1))
      .map((mail) => structuredClone(mail));
  }
  /** As DynamoDB's index orders them: by arrival, then key, newest first. */
  async inBox(box: KeptBox, page: KeptMailPageQuery): Promise<{ mails: KeptMail[]; next?: KeptMailPlace }> {
    const after = page.after;
    const inOrder = this.newestFirst((mail) => mail.box === box).sort((a, b) =>
      a.receivedAt === b.receivedAt ? (a.key < b.key ? 1 : -1) : a.receivedAt < b.receivedAt ? 1 : -1,
    );
    const from = after ? inOrder.findIndex((mail) => placeBefore(mail, after)) : 0;
    const rest = from < 0 ? [] : inOrder.slice(from);
    const found = rest.filter((mail) => !page.search || keptMailSearchText(mail).includes(page.search));
    const mails = found.slice(0, page.limit);
    const last = mails.at(-1);
    return {
      mails,
      ...(found.length > page.limit && last ? { next: { receivedAt: last.receivedAt, key: last.key } } : {}),
    };
  }
  async countBox(box: KeptBox): Promise<number> {
    return this.newestFirst((mail) => mail.box === box).length;
  }
  async get(key: string): Promise<KeptMail | HandledMail | undefined> {
    this.check();
    const item = this.items.get(key);
    return item && structuredClone(item);
  }
  async claim(key: string, postIndex: number): Promise<boolean> {
    this.check();
    const item = this.items.get(key);
    if (!stillKept(item) || (item.attachingTo !== undefined && item.attachingTo !== postIndex)) return false;
    item.attachingTo = postIndex;
    return true;
  }
  async settle(handled: HandledMail): Promise<boolean> {
    this.check();
    const failure = this.failNextSettle;
    this.failNextSettle = undefined;
    if (failure) throw failure;
    const item = this.items.get(handled.key);
    if (!stillKept(item) || (item.attachingTo !== undefined && item.attachingTo !== handled.postIndex)) return false;
    this.items.set(handled.key, structuredClone(handled));
    return true;
  }
  async arrivedBefore(box: KeptBox, before: string, limit: number): Promise<Pick<KeptMail, 'key' | 'rawKey'>[]> {
    return this.newestFirst((mail) => mail.box === box && mail.receivedAt < before)
      .reverse()
      .slice(0, limit)
      .map(({ key, rawKey }) => ({ key, rawKey }));
  }
  async fromSender(address: string): Promise<KeptMail[]> {
    return this.newestFirst((mail) => mail.from === address);
  }
  async aboutEnquiry(postIndex: number): Promise<Pick<KeptMail, 'key' | 'rawKey'>[]> {
    return this.newestFirst((mail) => (mail.postIndex ?? mail.suggestedIndex) === postIndex).map(({ key, rawKey }) => ({
      key,
      rawKey,
    }));
  }
  async remove(keys: readonly string[]): Promise<void> {
    this.check();
    for (const key of keys) this.items.delete(key);
  }
}

export class FakeSentMailIds implements SentMailIds {
  readonly items = new Map<string, SentMail>();
  async record(messageId: string, postIndex: number, _expiresAt: number, sentAt: string): Promise<void> {
    this.items.set(messageId, { postIndex, sentAt });
  }
  async find(messageIds: readonly string[]): Promise<SentMail | undefined> {
    return messageIds.map((id) => this.items.get(id)).find((sent) => sent !== undefined);
  }
}
