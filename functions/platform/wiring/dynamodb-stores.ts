/**
 * How a function's DynamoDB stores are made: each feature exports one maker
 * per store (`<feature>/adapters/stores.ts`), a route names the makers of the
 * stores it uses, and each store is made on first use (lazy.ts) on the
 * function's one document client. A maker is its own export, so a bundle
 * holds only the adapters its entry names.
 */
import { TABLES } from '../../../shared/tables';
import type { Settings } from '../config';
import type { Clock, ThrottleStore } from '../ports';
import type { AwsClientOptions } from './aws';
import { documentClient } from './dynamodb-client';
import { dynamoThrottleStore } from './dynamodb-throttle';
import { madeOnFirstUse, mergeLazy, settingOf } from './lazy';

/** What a store is made from: the function's one document client, its table names, the clock. */
export interface StoreContext {
  db: () => ReturnType<typeof documentClient>;
  table: (key: keyof typeof TABLES) => string;
  clock: Clock;
}

export type StoreMaker<Store> = (context: StoreContext) => Store;

/** The makers of the named stores. */
export type StoreMakers<Stores> = { [Key in keyof Stores]: StoreMaker<Stores[Key]> };

/** The platform's one store: the throttle counters the limits count in. */
export const throttle: StoreMaker<ThrottleStore> = ({ db, table }) => dynamoThrottleStore(db(), table('throttle'));

/**
 * The stores a function names, each made on first use (lazy.ts) on
 * one document client; a store's table comes from the function's settings.
 */
export function dynamoStores<Stores extends object>(
  settings: Partial<Settings>,
  aws: AwsClientOptions,
  clock: Clock,
  makers: StoreMakers<Stores>,
): Stores {
  let client: ReturnType<typeof documentClient> | undefined;
  const context: StoreContext = {
    db: () =>
      (client ??= documentClient({
        region: aws.region,
        credentials: aws.credentials,
        endpoint: aws.endpoints?.dynamodb,
      })),
    table: (key) => settingOf(settings, TABLES[key].envVar),
    clock,
  };
  return madeOnFirstUse<StoreContext, Stores>(makers, context);
}

/**
 * A route's usual wiring: the stores it names, on its base dependencies (a
 * route that also uses SES, S3 or Lambda merges their deps in itself).
 */
export function withStores<Stores extends object>(makers: StoreMakers<Stores>) {
  return <Base extends { clock: Clock }>(settings: Partial<Settings>, base: Base) =>
    mergeLazy(base, dynamoStores<Stores>(settings, {}, base.clock, makers));
}
