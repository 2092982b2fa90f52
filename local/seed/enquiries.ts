/**
 * Bulk enquiries for benchmarks and for trying the back office with a full
 * table: written in batches straight to the local tables, with the same list
 * bookkeeping (sequences and counters) the send route keeps.
 */
import { BatchWriteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SECTION_VALUES, type Section } from '../../shared/enums';
import { formatKoreaDateTime } from '../../shared/korea-time';
import { CONSENT_NOTICE_VERSION } from '../../shared/form-fields';
import type { StoredEnquiry } from '../../functions/ports';
import { POST_INDEX_COUNTER, countCounter, listName, sectionListName, sequenceCounter, workListKeys } from '../../functions/services/enquiry-lists';
import { LOCALE_CODES } from '../../shared/locales';

const NAMES = ['Anna Petrova', '김민수', '王芳', 'Nguyễn Văn An', '佐藤 花子', 'John Smith', 'Иван Иванов'];
const LANGUAGES = ['Russian', 'English', 'Chinese', 'Vietnamese', 'Japanese'];

export interface SeedTables {
  enquiries: string;
  counters: string;
}

/**
 * Appends `count` enquiries after those already there, received one every
 * `spacingMs` up to `until`. Returns the new totals.
 */
export async function seedEnquiries(db: DynamoDBDocumentClient, tables: SeedTables, count: number, until: number, spacingMs = 5 * 60_000) {
  const read = async (name: string) => Number((await db.send(new GetCommand({ TableName: tables.counters, Key: { name } }))).Item?.['value'] ?? 0);
  let postIndex = await read(POST_INDEX_COUNTER);
  let listSeq = await read(sequenceCounter(listName(false)));
  const sectionSeq = new Map<Section, number>();
  for (const section of SECTION_VALUES) sectionSeq.set(section, await read(sequenceCounter(sectionListName(false, section))));

  const start = until - count * spacingMs;
  let batch: StoredEnquiry[] = [];
  const flush = async () => {
    let requests = batch.map((item) => ({ PutRequest: { Item: item } }));
    while (requests.length) {
      const result = await db.send(new BatchWriteCommand({ RequestItems: { [tables.enquiries]: requests } }));
      requests = (result.UnprocessedItems?.[tables.enquiries] ?? []) as typeof requests;
    }
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
      REGISTRATION_END: section === '호텔예약' ? formatKoreaDateTime(received + 18 * 24 * 60 * 60_000).slice(0, 10) : '',
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
      LOCALE: LOCALE_CODES[i % LOCALE_CODES.length] ?? 'en',
      STATUS: 'new',
      OWNER: '',
      VERSION: 0,
      UPDATED_AT: receivedAt,
      ...workListKeys('new', ''),
      LIST: listName(false),
      LIST_SEQ: listSeq,
      SECTION_LIST: sectionListName(false, section),
      SECTION_SEQ: seq,
    });
    if (batch.length === 25) await flush();
  }
  await flush();

  const setCounter = (name: string, value: number) => db.send(new PutCommand({ TableName: tables.counters, Item: { name, value } }));
  await setCounter(POST_INDEX_COUNTER, postIndex);
  await setCounter(sequenceCounter(listName(false)), listSeq);
  for (const [section, value] of sectionSeq) await setCounter(sequenceCounter(sectionListName(false, section)), value);
  // Every seeded enquiry is new and unassigned: its work lists grow by the whole batch.
  for (const key of Object.values(workListKeys('new', ''))) {
    await db.send(
      new UpdateCommand({ TableName: tables.counters, Key: { name: countCounter(key) }, UpdateExpression: 'ADD #value :count', ExpressionAttributeNames: { '#value': 'value' }, ExpressionAttributeValues: { ':count': count } }),
    );
  }
  return { total: listSeq };
}
