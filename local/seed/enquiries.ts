/**
 * Bulk enquiries for benchmarks and for trying the back office with a full
 * table: written in batches straight to the local tables, with the same list
 * bookkeeping (sequences and counters) the send route keeps, and the same
 * dashboard figures (functions/dashboard/dashboard.ts) the send, work and
 * reply routes keep.
 */
import {
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { SECTION_VALUES, type Section } from '../../shared/enquiries/enums';
import type { EnquiryStatus } from '../../shared/work/enquiry-work';
import { formatKoreaDate, formatKoreaDateTime } from '../../shared/korea-time';
import { CONSENT_NOTICE_VERSION } from '../../shared/intake/form-fields';
import type { StoredEnquiry } from '../../functions/enquiries/ports';
import { dynamoAggregateStore } from '../../functions/dashboard/adapters/dynamodb-aggregates';
import { TAG_INDEX_LAYOUT } from '../../functions/tags/adapters/dynamodb-tag-index';
import { AGGREGATE } from '../../functions/dashboard/dashboard';
import {
  POST_INDEX_COUNTER,
  countCounter,
  listName,
  sectionListName,
  sequenceCounter,
  workListKeys,
} from '../../functions/enquiries/enquiry-lists';
import { LOCALE_CODES } from '../../shared/locales';
import { sendUntilProcessed } from '../../functions/platform/wiring/unprocessed-retry';

const NAMES = ['Anna Petrova', '김민수', '王芳', 'Nguyễn Văn An', '佐藤 花子', 'John Smith', 'Иван Иванов'];
const LANGUAGES = ['Russian', 'English', 'Chinese', 'Vietnamese', 'Japanese'];

export interface SeedTables {
  enquiries: string;
  counters: string;
  aggregates: string;
}

export interface SeedOptions {
  /**
   * Worked on as a centre would: enquiries received more than two days before
   * `until` are answered (one in three of those then closed) with a first reply
   * 20 minutes to 10 hours after receipt, except one in ten, left new or in
   * progress. Without it every seeded enquiry is new and unassigned.
   */
  worked?: boolean;
  /** Every `every`-th enquiry carries `tag`, filed in the tag index as the tags route files it. */
  tagged?: { tag: string; every: number; table: string };
}

const DAY_MS = 24 * 60 * 60_000;

/** How a seeded enquiry stands: its status, and its first reply's minutes after receipt if it has one. */
function workOf(
  i: number,
  received: number,
  until: number,
  worked: boolean,
): { status: EnquiryStatus; replyMinutes?: number } {
  if (!worked || until - received <= 2 * DAY_MS) return { status: 'new' };
  if (i % 10 === 0) return { status: i % 20 === 0 ? 'in_progress' : 'new' };
  return { status: i % 3 === 0 ? 'closed' : 'answered', replyMinutes: 20 + ((i * 37) % 580) };
}

interface DayTally {
  add: Record<string, number>;
  replyMinutes: number[];
}

/**
 * Appends `count` enquiries after those already there, received one every
 * `spacingMs` up to `until`. Returns the new totals.
 */
export async function seedEnquiries(
  db: DynamoDBDocumentClient,
  tables: SeedTables,
  count: number,
  until: number,
  spacingMs = 5 * 60_000,
  options: SeedOptions = {},
) {
  const read = async (name: string) =>
    Number((await db.send(new GetCommand({ TableName: tables.counters, Key: { name } }))).Item?.['value'] ?? 0);
  let postIndex = await read(POST_INDEX_COUNTER);
  let listSeq = await read(sequenceCounter(listName(false)));
  const sectionSeq = new Map<Section, number>();
  for (const section of SECTION_VALUES)
    sectionSeq.set(section, await read(sequenceCounter(sectionListName(false, section))));

  const start = until - count * spacingMs;
  // The dashboard's figures, by Korea-time day, and the work lists' counts, written once at the end.
  const days = new Map<string, DayTally>();
  const tally = (day: string): DayTally => {
    const known = days.get(day);
    if (known) return known;
    const fresh: DayTally = { add: {}, replyMinutes: [] };
    days.set(day, fresh);
    return fresh;
  };
  const bump = (add: Record<string, number>, name: string, by = 1) => (add[name] = (add[name] ?? 0) + by);
  const workLists = new Map<string, number>();
  let openTotal = 0;
  let batch: StoredEnquiry[] = [];
  const putAll = async (table: string, items: readonly object[]) => {
    const requests = items.map((item) => ({ PutRequest: { Item: item } }));
    await sendUntilProcessed(`Seeding ${table}`, requests, async (unsent) => {
      const result = await db.send(new BatchWriteCommand({ RequestItems: { [table]: [...unsent] } }));
      return result.UnprocessedItems?.[table] as typeof requests | undefined;
    });
  };
  const { tagged } = options;
  let taggedCount = 0;
  const flush = async () => {
    await putAll(tables.enquiries, batch);
    const filed = tagged
      ? batch.filter((item) => item.TAGS?.length).map((item) => TAG_INDEX_LAYOUT.item(tagged.tag, item.POST_INDEX))
      : [];
    if (tagged && filed.length) await putAll(tagged.table, filed);
    taggedCount += filed.length;
    batch = [];
  };

  for (let i = 0; i < count; i += 1) {
    const received = start + i * spacingMs;
    const section = SECTION_VALUES[i % SECTION_VALUES.length] ?? '병원예약';
    postIndex += 1;
    listSeq += 1;
    const seq = (sectionSeq.get(section) ?? 0) + 1;
    sectionSeq.set(section, seq);
    const receivedAt = new Date(received).toISOString();
    const locale = LOCALE_CODES[i % LOCALE_CODES.length] ?? 'en';
    const work = workOf(i, received, until, options.worked === true);
    const firstReplyAt = work.replyMinutes === undefined ? undefined : received + work.replyMinutes * 60_000;
    const receivedDay = tally(formatKoreaDate(received)).add;
    bump(receivedDay, AGGREGATE.received);
    bump(receivedDay, AGGREGATE.section(section));
    bump(receivedDay, AGGREGATE.locale(locale));
    if (work.status === 'new' || work.status === 'in_progress') {
      bump(receivedDay, AGGREGATE.open);
      openTotal += 1;
    }
    if (firstReplyAt !== undefined && work.replyMinutes !== undefined) {
      const replyDay = tally(formatKoreaDate(firstReplyAt));
      bump(replyDay.add, AGGREGATE.firstReplies);
      replyDay.replyMinutes.push(work.replyMinutes);
    }
    for (const key of Object.values(workListKeys(work.status, ''))) workLists.set(key, (workLists.get(key) ?? 0) + 1);
    batch.push({
      POST_INDEX: postIndex,
      NAME: `${NAMES[i % NAMES.length]} ${postIndex}`,
      CONTACT_NUMBER: `+82 10-${String(1000 + (i % 9000)).padStart(4, '0')}-${String(i % 10000).padStart(4, '0')}`,
      EMAIL: `visitor${postIndex}@example.test`,
      EMAIL_KEY: `visitor${postIndex}@example.test`,
      LANG_PREFERENCE: LANGUAGES[i % LANGUAGES.length] ?? 'English',
      MEDICAL_SECTION: section,
      DETAIL_SECTION: section === '병원예약' ? '종합검진' : '',
      DATE: formatKoreaDateTime(received),
      REGISTRATION_DATE: formatKoreaDateTime(received + 14 * 24 * 60 * 60_000),
      REGISTRATION_END:
        section === '호텔예약' ? formatKoreaDateTime(received + 18 * 24 * 60 * 60_000).slice(0, 10) : '',
      HOTEL: section === '호텔예약' ? 'Grand Hotel' : '',
      NUMBER_PEOPLE: 1 + (i % 4),
      ROOM: 1,
      DESTINATION: section === '컨시어지' || section === '통역예약' ? 'Airport' : '',
      CONTEXT: 'I would like to know the price and the earliest date available.',
      RECEIVED_AT: receivedAt,
      MAIL_STATUS: 'sent',
      MAIL_ATTEMPTS: 1,
      SPAM: false,
      CONSENT_VERSION: CONSENT_NOTICE_VERSION,
      CONSENT_AT: receivedAt,
      CONSENT_HEALTH: section === '병원예약',
      LOCALE: locale,
      STATUS: work.status,
      OWNER: '',
      VERSION: work.status === 'new' ? 0 : 1,
      UPDATED_AT: firstReplyAt === undefined ? receivedAt : new Date(firstReplyAt).toISOString(),
      ...(firstReplyAt === undefined ? {} : { FIRST_REPLY_AT: new Date(firstReplyAt).toISOString() }),
      ...workListKeys(work.status, ''),
      LIST: listName(false),
      LIST_SEQ: listSeq,
      SECTION_LIST: sectionListName(false, section),
      SECTION_SEQ: seq,
      ...(tagged && i % tagged.every === 0 ? { TAGS: [tagged.tag] } : {}),
    });
    if (batch.length === 25) await flush();
  }
  await flush();

  const setCounter = (name: string, value: number) =>
    db.send(new PutCommand({ TableName: tables.counters, Item: { name, value } }));
  await setCounter(POST_INDEX_COUNTER, postIndex);
  await setCounter(sequenceCounter(listName(false)), listSeq);
  for (const [section, value] of sectionSeq) await setCounter(sequenceCounter(sectionListName(false, section)), value);
  // Every seeded enquiry is unassigned: its work lists grow by how many of each status were seeded.
  for (const [key, added] of workLists) {
    await db.send(
      new UpdateCommand({
        TableName: tables.counters,
        Key: { name: countCounter(key) },
        UpdateExpression: 'ADD #value :count',
        ExpressionAttributeNames: { '#value': 'value' },
        ExpressionAttributeValues: { ':count': added },
      }),
    );
  }
  // The dashboard's figures, added to whatever the days held already (one write per day).
  const aggregates = dynamoAggregateStore(db, tables.aggregates);
  for (const [day, { add, replyMinutes }] of days) {
    await aggregates.update(AGGREGATE.dayKey(day), {
      add,
      ...(replyMinutes.length ? { append: { [AGGREGATE.replyMinutes]: replyMinutes } } : {}),
    });
  }
  if (openTotal > 0) await aggregates.update(AGGREGATE.totalsKey, { add: { [AGGREGATE.open]: openTotal } });
  if (tagged && taggedCount > 0) {
    await db.send(
      new UpdateCommand({
        TableName: tagged.table,
        Key: TAG_INDEX_LAYOUT.inUseKey,
        UpdateExpression: 'ADD #n :count',
        ExpressionAttributeNames: { '#n': TAG_INDEX_LAYOUT.countAttribute(tagged.tag) },
        ExpressionAttributeValues: { ':count': taggedCount },
      }),
    );
  }
  return { total: listSeq };
}
