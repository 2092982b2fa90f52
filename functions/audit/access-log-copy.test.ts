/**
 * The access log's copy from the table's stream, with the in-memory copy
 * store: every write of a batch in one object, as DynamoDB's stream carried
 * it; the TTL's removals left out; a change to a row written once kept with
 * its old image and logged as an error; a batch delivered again written once.
 */
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { silentLog } from '../../tests/support/fakes';
import { copyAccessLogBatch } from './access-log-copy';
import { FakeAccessLogCopyStore } from './fakes';

const AT = Date.parse('2026-11-22T01:00:00Z') / 1000;

function record(
  sequence: number,
  eventName: DynamoDBRecord['eventName'],
  day: string,
  extra: Partial<DynamoDBRecord> = {},
): DynamoDBRecord {
  const keys = { day: { S: day }, at: { S: `2026-11-22T01:00:0${sequence}.000Z#x` } };
  return {
    eventID: `e${sequence}`,
    eventName,
    eventSource: 'aws:dynamodb',
    dynamodb: {
      ApproximateCreationDateTime: AT + sequence,
      SequenceNumber: String(1000 + sequence),
      Keys: keys,
      ...(eventName === 'REMOVE'
        ? {}
        : { NewImage: { ...keys, actor: { S: 'a@centre.example' }, action: { S: 'enquiry.read' } } }),
      ...(eventName === 'INSERT'
        ? {}
        : { OldImage: { ...keys, actor: { S: 'a@centre.example' }, action: { S: 'enquiry.read' } } }),
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    },
    ...extra,
  };
}

const ttl = { userIdentity: { type: 'Service', principalId: 'dynamodb.amazonaws.com' } };
const deps = () => ({ accessLogCopies: new FakeAccessLogCopyStore(), log: silentLog() });

describe('the access log copy', () => {
  it('writes a batch as one object of JSON lines, the images as the stream carried them, without the TTL removals', async () => {
    const copy = deps();
    const event: DynamoDBStreamEvent = {
      Records: [
        record(1, 'INSERT', '2026-11-22'),
        record(2, 'MODIFY', 'counted#2026-11-22'),
        record(3, 'REMOVE', '2024-11-20', ttl),
        record(4, 'INSERT', '2026-11-22'),
      ],
    };
    expect(await copyAccessLogBatch(copy, event)).toEqual({ copied: 3, key: '2026-11-22/1001-1004.jsonl' });
    const lines = (copy.accessLogCopies.objects.get('2026-11-22/1001-1004.jsonl') ?? '')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => [line['eventName'], line['sequenceNumber']])).toEqual([
      ['INSERT', '1001'],
      ['MODIFY', '1002'],
      ['INSERT', '1004'],
    ]);
    expect(lines[0]).toMatchObject({
      at: '2026-11-22T01:00:01.000Z',
      newImage: event.Records[0]?.dynamodb?.NewImage,
      keys: event.Records[0]?.dynamodb?.Keys,
    });
    // A count growing is what counted rows do: no alarm.
    expect(copy.log.lines.filter((line) => line.level === 'error')).toEqual([]);
  });

  it('keeps a changed or removed row written once with its old image, and says so in the log', async () => {
    const copy = deps();
    const changed = record(5, 'MODIFY', '2026-11-22');
    const removed = record(6, 'REMOVE', '2026-11-22', { userIdentity: { type: 'User', principalId: 'someone' } });
    await copyAccessLogBatch(copy, { Records: [changed, removed] });
    const lines = [...copy.accessLogCopies.objects.values()]
      .join('')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => line['oldImage'])).toEqual([changed.dynamodb?.OldImage, removed.dynamodb?.OldImage]);
    expect(copy.log.lines.filter((line) => line.level === 'error').map((line) => line.extra?.['eventName'])).toEqual([
      'MODIFY',
      'REMOVE',
    ]);
  });

  it('writes a batch delivered again once, and nothing for a batch of TTL removals alone', async () => {
    const copy = deps();
    const event = { Records: [record(1, 'INSERT', '2026-11-22'), record(2, 'INSERT', '2026-11-22')] };
    await copyAccessLogBatch(copy, event);
    await copyAccessLogBatch(copy, event);
    expect([...copy.accessLogCopies.objects.keys()]).toEqual(['2026-11-22/1001-1002.jsonl']);
    const expiredOnly = deps();
    expect(await copyAccessLogBatch(expiredOnly, { Records: [record(3, 'REMOVE', '2024-11-20', ttl)] })).toEqual({
      copied: 0,
    });
    expect(expiredOnly.accessLogCopies.objects.size).toBe(0);
  });
});
