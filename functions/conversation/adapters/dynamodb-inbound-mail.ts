import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { INBOUND_MAIL_INDEXES } from '../../../shared/tables';
import { type HandledMail, type KeptMail, type KeptMailStore, type SentMailIds, keptMailSearchText } from '../ports';
import { batchGetAll, conditional, expired, queryCount, queryItems } from '../../platform/wiring/dynamodb-client';
import { keptMailPage } from './dynamodb-kept-mail-pages';

/** A sent mail's id as the inbound mail table keys it, apart from the kept messages (`kept#…`). */
const sentKey = (messageId: string) => `sent#${messageId}`;

/** The received mail kept apart from the threads (TABLES.inboundMail): each message once. */
export function dynamoKeptMailStore(
  db: DynamoDBDocumentClient,
  tableName: string,
  nowSeconds: () => number,
): KeptMailStore {
  return {
    keep(mail) {
      // The enquiry it is about, for its index (byEnquiry): matched, else named in the subject.
      const enquiryIndex = mail.postIndex ?? mail.suggestedIndex;
      const item = {
        ...mail,
        ...(enquiryIndex !== undefined ? { enquiryIndex } : {}),
        searchText: keptMailSearchText(mail),
      };
      return conditional(() =>
        db.send(
          new PutCommand({
            TableName: tableName,
            Item: item,
            ConditionExpression: 'attribute_not_exists(#key)',
            ExpressionAttributeNames: { '#key': 'key' },
          }),
        ),
      );
    },
    inBox(box, page) {
      return keptMailPage(db, tableName, nowSeconds(), box, page);
    },
    countBox(box) {
      return queryCount(db, {
        TableName: tableName,
        IndexName: INBOUND_MAIL_INDEXES.byBox,
        KeyConditionExpression: '#box = :box',
        FilterExpression: 'attribute_not_exists(expiresAt) OR expiresAt > :now',
        ExpressionAttributeNames: { '#box': 'box' },
        ExpressionAttributeValues: { ':box': box, ':now': nowSeconds() },
      });
    },
    async get(key) {
      const { Item: item } = await db.send(
        new GetCommand({ TableName: tableName, Key: { key }, ConsistentRead: true }),
      );
      return item && !expired(item, nowSeconds()) ? (item as KeptMail | HandledMail) : undefined;
    },
    claim(key, postIndex) {
      return conditional(() =>
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { key },
            UpdateExpression: 'SET #to = :to',
            // Still in its box, and claimed by nobody else (the same enquiry again: a retry).
            ConditionExpression: 'attribute_exists(#box) AND (attribute_not_exists(#to) OR #to = :to)',
            ExpressionAttributeNames: { '#box': 'box', '#to': 'attachingTo' },
            ExpressionAttributeValues: { ':to': postIndex },
          }),
        ),
      );
    },
    settle(handled) {
      // The whole item replaced: who sent it, to whom and why go, and without a box no box lists it. Only while it is in
      // its box, and claimed by no other enquiry than the one it is attached to (a discard: by none).
      const claimedBy =
        handled.postIndex === undefined ? 'attribute_not_exists(#to)' : '(attribute_not_exists(#to) OR #to = :to)';
      return conditional(() =>
        db.send(
          new PutCommand({
            TableName: tableName,
            Item: handled,
            ConditionExpression: `attribute_exists(#box) AND ${claimedBy}`,
            ExpressionAttributeNames: { '#box': 'box', '#to': 'attachingTo' },
            ...(handled.postIndex === undefined ? {} : { ExpressionAttributeValues: { ':to': handled.postIndex } }),
          }),
        ),
      );
    },
    arrivedBefore(box, before, limit) {
      return queryItems<Pick<KeptMail, 'key' | 'rawKey'>>(
        db,
        {
          TableName: tableName,
          IndexName: INBOUND_MAIL_INDEXES.byBox,
          KeyConditionExpression: '#box = :box AND receivedAt < :before',
          ExpressionAttributeNames: { '#box': 'box', '#key': 'key' },
          ExpressionAttributeValues: { ':box': box, ':before': before },
          ProjectionExpression: '#key, rawKey',
          ScanIndexForward: true,
        },
        limit,
      );
    },
    async fromSender(address) {
      const items = await queryItems<KeptMail & { enquiryIndex?: number }>(db, {
        TableName: tableName,
        IndexName: INBOUND_MAIL_INDEXES.bySender,
        KeyConditionExpression: '#from = :from',
        ExpressionAttributeNames: { '#from': 'from' },
        ExpressionAttributeValues: { ':from': address },
        ScanIndexForward: false,
      });
      return items.map(({ enquiryIndex: _index, ...mail }) => mail);
    },
    aboutEnquiry(postIndex) {
      return queryItems<Pick<KeptMail, 'key' | 'rawKey'>>(db, {
        TableName: tableName,
        IndexName: INBOUND_MAIL_INDEXES.byEnquiry,
        KeyConditionExpression: 'enquiryIndex = :index',
        ExpressionAttributeValues: { ':index': postIndex },
        ProjectionExpression: '#key, rawKey',
        ExpressionAttributeNames: { '#key': 'key' },
        ScanIndexForward: false,
      });
    },
    async remove(keys) {
      // A visitor's kept messages are a handful; deleting a key that is not there succeeds.
      await Promise.all(keys.map((key) => db.send(new DeleteCommand({ TableName: tableName, Key: { key } }))));
    },
  };
}

/** The ids SES gave the mails sent to visitors (TABLES.inboundMail, `sent#<id>`), each with its enquiry. */
export function dynamoSentMailIds(
  db: DynamoDBDocumentClient,
  tableName: string,
  nowSeconds: () => number,
): SentMailIds {
  return {
    async record(messageId, postIndex, expiresAt, sentAt) {
      await db.send(
        new PutCommand({ TableName: tableName, Item: { key: sentKey(messageId), postIndex, expiresAt, sentAt } }),
      );
    },
    async find(messageIds) {
      if (messageIds.length === 0) return undefined;
      const found = await batchGetAll<{ key: string; postIndex: number; expiresAt: number; sentAt?: string }>(
        db,
        tableName,
        [...new Set(messageIds)].map((id) => ({ key: sentKey(id) })),
      );
      const live = found.filter((item) => !expired(item, nowSeconds()));
      for (const id of messageIds) {
        const item = live.find((candidate) => candidate.key === sentKey(id));
        if (item) return { postIndex: item.postIndex, ...(item.sentAt ? { sentAt: item.sentAt } : {}) };
      }
      return undefined;
    },
  };
}
