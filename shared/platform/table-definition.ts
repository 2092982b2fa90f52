/** The shape of a DynamoDB table's definition (keys, indexes, expiry), which shared/tables.ts and each feature's table follow. */
export interface KeyAttribute {
  name: string;
  type: 'S' | 'N';
}

export interface IndexDefinition {
  name: string;
  partitionKey: KeyAttribute;
  sortKey?: KeyAttribute;
  /** Attributes copied into the index besides the keys (`'ALL'` for every attribute). */
  projection: 'ALL' | readonly string[];
}

export interface TableDefinition {
  /** Environment variable that carries the physical table name to the functions. */
  envVar: string;
  partitionKey: KeyAttribute;
  sortKey?: KeyAttribute;
  globalIndexes: readonly IndexDefinition[];
  ttlAttribute?: string;
  /** What the table holds, for the deployment docs and the stack. */
  purpose: string;
}

/** The TTL attribute (epoch seconds) of the tables whose items expire (shared/tables.ts says why the adapters check it too). */
export const EXPIRES_AT = 'expiresAt';
