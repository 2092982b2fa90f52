/**
 * The names a local stack (local/stack.ts) gives its tables and buckets, its
 * region and credentials for the emulators, and its inbound domain: what a
 * test or a command needs to reach the emulators itself.
 */
import { TABLES, type TableKey } from '../shared/tables';

export const LOCAL_REGION = 'ap-northeast-2';

/** The key pair the stack's SDK clients sign with: the local S3 knows it alone and checks signatures with it, as S3 does; the other emulators take any. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local-emulators' };

export function localTableNames(): Record<TableKey, string> {
  return Object.fromEntries(Object.keys(TABLES).map((key) => [key, `mt-${key}`])) as Record<TableKey, string>;
}

/** The access log's copy bucket has no stream to fill it locally (the emulator has none); it is made so the copy's adapter can be tried against the emulator. */
export const LOCAL_BUCKETS = {
  images: 'mt-images',
  exports: 'mt-exports',
  inbound: 'mt-inbound',
  accessLogCopy: 'mt-access-log-copy',
} as const;

/** The inbound domain of a local stack (INBOUND_DOMAIN overrides it): nothing outside this machine delivers to it. */
export const LOCAL_INBOUND_DOMAIN = 'reply.medical-tourism.local';
