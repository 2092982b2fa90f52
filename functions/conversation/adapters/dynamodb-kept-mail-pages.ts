/**
 * A page of one kept mail box (the inbound mail table's `byBox` index, newest
 * first), optionally searched by sender and subject. The page starts just
 * after the place the last one ended (`next`, made from the index's keys, so
 * any message the box holds is one), and reads the index a page of
 * DynamoDB's at a time until it has `limit` messages, the box ends, or a
 * search has read KEPT_MAIL_SEARCH_READ messages.
 */
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { KeptBox } from '../../../shared/conversation/visitor-messages';
import { INBOUND_MAIL_INDEXES } from '../../../shared/tables';
import { KEPT_MAIL_SEARCH_READ, type KeptMail, type KeptMailPageQuery, type KeptMailPlace } from '../ports';

/** What the table adds to a kept mail for its indexes and search (never shown). */
type StoredKeptMail = KeptMail & { enquiryIndex?: number; searchText?: string };

function placeOf(item: Record<string, unknown>): KeptMailPlace {
  return { receivedAt: String(item['receivedAt']), key: String(item['key']) };
}

export async function keptMailPage(
  db: DynamoDBDocumentClient,
  tableName: string,
  nowSeconds: number,
  box: KeptBox,
  page: KeptMailPageQuery,
): Promise<{ mails: KeptMail[]; next?: KeptMailPlace }> {
  const names: Record<string, string> = { '#box': 'box' };
  const values: Record<string, unknown> = { ':box': box, ':now': nowSeconds };
  let filter = '(attribute_not_exists(expiresAt) OR expiresAt > :now)';
  if (page.search) {
    // Mail kept before the search text existed is found by its sender and subject as written.
    Object.assign(names, { '#search': 'searchText', '#from': 'from', '#subject': 'subject' });
    Object.assign(values, { ':search': page.search });
    filter += ' AND (contains(#search, :search) OR contains(#from, :search) OR contains(#subject, :search))';
  }
  const found: StoredKeptMail[] = [];
  let start: Record<string, unknown> | undefined = page.after ? { ...page.after, box } : undefined;
  let read = 0;
  do {
    const result = await db.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: INBOUND_MAIL_INDEXES.byBox,
        KeyConditionExpression: '#box = :box',
        FilterExpression: filter,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ScanIndexForward: false,
        // Without a search each message read is one shown; with one, a page of the index is read at a time.
        Limit: page.search ? 200 : page.limit + 1 - found.length,
        ExclusiveStartKey: start,
      }),
    );
    found.push(...((result.Items ?? []) as StoredKeptMail[]));
    read += result.ScannedCount ?? 0;
    start = result.LastEvaluatedKey;
  } while (start && found.length <= page.limit && (!page.search || read < KEPT_MAIL_SEARCH_READ));

  const mails = found.slice(0, page.limit).map(({ enquiryIndex: _index, searchText: _search, ...mail }) => mail);
  // More than a page found: the next starts after the last one shown. Stopped with the index not read through: there.
  const last = mails.at(-1);
  const next =
    found.length > page.limit && last
      ? placeOf(last as unknown as Record<string, unknown>)
      : start
        ? placeOf(start)
        : undefined;
  return { mails, ...(next ? { next } : {}) };
}
