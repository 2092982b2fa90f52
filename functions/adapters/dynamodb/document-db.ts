/**
 * DynamoDB's JSON API with plain JavaScript values, written by hand over
 * aws-request.ts as the S3 and SES adapters are (issue 13): the SDK's
 * DynamoDB client and its document client put some 130 KiB minified of
 * model, protocol, endpoint rules and middleware in every bundle, and on a
 * cold start the send route's first request left 23 ms after the handler
 * began (10 ms without them; loading the bundle took 28 ms, now 17). The
 * stores use only these eight operations.
 *
 * The commands keep the SDK document client's names, inputs and outputs
 * (its types are reused, erased at build time), and the values are
 * converted by the SDK's own @aws-sdk/util-dynamodb as the document client
 * converts them: undefined attributes dropped, numbers as numbers. The
 * retries are those of aws-request.ts, with DynamoDB's throttling answers
 * and time-outs retried as the SDK retried them (client.ts's
 * wroteItOurselves covers a retried write whose first try went through).
 */
import type { AttributeValue, QueryCommandInput as WireQueryInput, QueryCommandOutput as WireQueryOutput } from '@aws-sdk/client-dynamodb';
import type {
  BatchGetCommandInput,
  BatchGetCommandOutput,
  BatchWriteCommandInput,
  BatchWriteCommandOutput,
  DeleteCommandInput,
  DeleteCommandOutput,
  GetCommandInput,
  GetCommandOutput,
  PutCommandInput,
  PutCommandOutput,
  QueryCommandInput,
  QueryCommandOutput,
  ScanCommandInput,
  ScanCommandOutput,
  UpdateCommandInput,
  UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { AwsService, type AwsServiceOptions } from '../aws-request';

type Item = Record<string, unknown>;
type WireItem = Record<string, AttributeValue>;
/** A request or answer as DynamoDB's JSON has it, before or after the item maps are converted. */
type Wire = Record<string, unknown>;

const toWire = (item: Item): WireItem => marshall(item, { removeUndefinedValues: true });
const fromWire = (item: WireItem): Item => unmarshall(item);

/** `value` with each of the named fields converted by `convert`, when present. */
function converting<Value>(value: Value, fields: Record<string, (field: never) => unknown>): Wire {
  const converted: Wire = { ...(value as Wire) };
  for (const [name, convert] of Object.entries(fields)) {
    if (converted[name] !== undefined) converted[name] = convert(converted[name] as never);
  }
  return converted;
}

/** Each value of a map converted by `convert` (the per-table maps of the batch operations). */
const eachValue =
  <In, Out>(convert: (value: In) => Out) =>
  (map: Record<string, In>): Record<string, Out> =>
    Object.fromEntries(Object.entries(map).map(([key, value]) => [key, convert(value)]));

const itemsToWire = (items: Item[]) => items.map(toWire);
const itemsFromWire = (items: WireItem[]) => items.map(fromWire);

/**
 * One operation with its input. `Output` is carried in the type only, so
 * that `send` answers the operation's own output type.
 */
export abstract class DocumentCommand<Input, Output> {
  declare readonly output?: Output;
  abstract readonly operation: string;
  constructor(readonly input: Input) {}
  /** The input as DynamoDB's JSON carries it. */
  abstract request(): Wire;
  /** DynamoDB's answer with its items as plain values. */
  abstract answer(wire: Wire): Wire;
}

const keyAndValues = { Key: toWire, ExpressionAttributeValues: toWire };
const changedItem = (wire: Wire) => converting(wire, { Attributes: fromWire });

export class GetCommand extends DocumentCommand<GetCommandInput, GetCommandOutput> {
  readonly operation = 'GetItem';
  request = () => converting(this.input, { Key: toWire });
  answer = (wire: Wire) => converting(wire, { Item: fromWire });
}

export class PutCommand extends DocumentCommand<PutCommandInput, PutCommandOutput> {
  readonly operation = 'PutItem';
  request = () => converting(this.input, { Item: toWire, ExpressionAttributeValues: toWire });
  answer = changedItem;
}

export class UpdateCommand extends DocumentCommand<UpdateCommandInput, UpdateCommandOutput> {
  readonly operation = 'UpdateItem';
  request = () => converting(this.input, keyAndValues);
  answer = changedItem;
}

export class DeleteCommand extends DocumentCommand<DeleteCommandInput, DeleteCommandOutput> {
  readonly operation = 'DeleteItem';
  request = () => converting(this.input, keyAndValues);
  answer = changedItem;
}

const pageRequest = (input: QueryCommandInput | ScanCommandInput) => converting(input, { ExclusiveStartKey: toWire, ExpressionAttributeValues: toWire });
const pageAnswer = (wire: Wire) => converting(wire, { Items: itemsFromWire, LastEvaluatedKey: fromWire });

export class QueryCommand extends DocumentCommand<QueryCommandInput, QueryCommandOutput> {
  readonly operation = 'Query';
  request = () => pageRequest(this.input);
  answer = pageAnswer;
}

export class ScanCommand extends DocumentCommand<ScanCommandInput, ScanCommandOutput> {
  readonly operation = 'Scan';
  request = () => pageRequest(this.input);
  answer = pageAnswer;
}

/** A query in DynamoDB's own typed values, both ways: for reading many flat items fast (enquiry-exports.ts converts them itself). */
export class WireQueryCommand extends DocumentCommand<WireQueryInput, WireQueryOutput> {
  readonly operation = 'Query';
  request = () => ({ ...this.input });
  answer = (wire: Wire) => wire;
}

/** The keys of one table in a batch read: `{ Keys, ...options }`. */
const tableKeys =
  (convert: (items: never[]) => unknown) =>
  (table: Wire): Wire =>
    converting(table, { Keys: convert });

export class BatchGetCommand extends DocumentCommand<BatchGetCommandInput, BatchGetCommandOutput> {
  readonly operation = 'BatchGetItem';
  request = () => converting(this.input, { RequestItems: eachValue(tableKeys(itemsToWire)) });
  answer = (wire: Wire) => converting(wire, { Responses: eachValue(itemsFromWire), UnprocessedKeys: eachValue(tableKeys(itemsFromWire)) });
}

/** The writes of one table in a batch write: each a PutRequest with its Item or a DeleteRequest with its Key. */
const tableWrites = (convert: (item: never) => unknown) => (writes: Wire[]) =>
  writes.map((write) =>
    converting(write, {
      PutRequest: (put: Wire) => converting(put, { Item: convert }),
      DeleteRequest: (remove: Wire) => converting(remove, { Key: convert }),
    }),
  );

export class BatchWriteCommand extends DocumentCommand<BatchWriteCommandInput, BatchWriteCommandOutput> {
  readonly operation = 'BatchWriteItem';
  request = () => converting(this.input, { RequestItems: eachValue(tableWrites(toWire)) });
  answer = (wire: Wire) => converting(wire, { UnprocessedItems: eachValue(tableWrites(fromWire)) });
}

/** Binary attributes would need base64 both ways; the stores keep none, so one is refused rather than garbled. */
function refuseBinary(_key: string, value: unknown): unknown {
  if (value instanceof Uint8Array) throw new TypeError('Binary attributes are not supported by this DynamoDB client');
  return value;
}

/** Where DynamoDB is and how long a call may take: aws-request.ts's options without the service's names. */
export type DocumentDbOptions = Omit<AwsServiceOptions, 'signingName' | 'hostLabel' | 'endpointVariable' | 'retryTimeouts'>;

export class DocumentDb {
  private readonly service: AwsService;

  constructor(options: DocumentDbOptions = {}) {
    // A time-out is retried, as the SDK's client did: a read is safe to repeat, and a conditional write that went through the first time is recognised (wroteItOurselves).
    this.service = new AwsService({ signingName: 'dynamodb', hostLabel: 'dynamodb', endpointVariable: 'DYNAMODB', retryTimeouts: true, ...options });
  }

  async send<Input, Output>(command: DocumentCommand<Input, Output>): Promise<Output> {
    const { output, $metadata } = await this.service.callJson('1.0', `DynamoDB_20120810.${command.operation}`, command.request(), refuseBinary);
    return { ...command.answer(output), $metadata } as Output;
  }

  /** Closes the kept-alive connections (a command-line tool that should exit). */
  destroy(): void {
    this.service.destroy();
  }
}
