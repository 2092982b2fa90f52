/**
 * The access levels a function is granted on a table or a bucket, and how two
 * needs of one function combine. A file of its own, importing nothing, so
 * that what a feature declares it keeps (../enquiry-parts.ts) can name levels
 * without a circle through ../resources.ts.
 */

/**
 * `append` writes new items only, each once (a conditional put), and can
 * neither change nor remove one: the history, the erasure tombstones. `log`
 * is the access log's writers': new rows only (PutItem, never in a counted
 * partition) and counts only (UpdateItem, only in the counted partitions,
 * ACCESS_LOG_COUNTED_PREFIX), so an update can never reach a row written
 * once; never a delete. `readUpdate` changes attributes of items that exist
 * and can make none (sign-in on the staff table). `full` also deletes: only
 * the retention job and an erasure remove enquiry data. `readProfile` is the
 * staff table's alone: it reads the accounts' profiles, never a credential
 * (every staff route's check of its caller, the owner picker, the accounts
 * page; functions/accounts/staff-profile.ts).
 */
export type Access =
  'read' | 'write' | 'readWrite' | 'append' | 'readAppend' | 'log' | 'readLog' | 'readUpdate' | 'full' | 'readProfile';

/** The levels that read whole items. */
const WHOLE_READERS: readonly Access[] = ['read', 'readWrite', 'readAppend', 'readLog', 'readUpdate', 'full'];

/** The access that allows both (reading the access log and adding to it stays append-only). */
export function combinedAccess(a: Access, b: Access): Access {
  if (a === b) return a;
  const pair = new Set([a, b]);
  if (pair.has('readProfile')) {
    // A route that reads whole accounts reads their profiles too; no level reads profiles and writes without reading.
    const other = a === 'readProfile' ? b : a;
    if (WHOLE_READERS.includes(other)) return other;
    throw new Error(`No access level allows both readProfile and ${other}`);
  }
  if (pair.has('full')) return 'full';
  if (pair.has('append') && pair.has('read')) return 'readAppend';
  if (pair.has('log') && pair.has('read')) return 'readLog';
  if (pair.has('readUpdate') && pair.has('read')) return 'readUpdate';
  return 'readWrite';
}

/** Resource needs by key (tables or buckets), with the levels of a key named twice combined. */
export function combinedNeeds<Key extends string>(
  ...needs: readonly (Partial<Record<Key, Access>> | undefined)[]
): Partial<Record<Key, Access>> {
  const combined: Partial<Record<Key, Access>> = {};
  for (const need of needs) {
    for (const [key, access] of Object.entries(need ?? {}) as [Key, Access][]) {
      const own = combined[key];
      combined[key] = own === undefined ? access : combinedAccess(own, access);
    }
  }
  return combined;
}
