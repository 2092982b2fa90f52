/** The in-memory fake of the access log's copy, beside its port: an object once per key, as S3's `If-None-Match: *` keeps it. */
import type { AccessLogCopyStore } from './ports';

export class FakeAccessLogCopyStore implements AccessLogCopyStore {
  readonly objects = new Map<string, string>();
  async putOnce(key: string, body: string): Promise<boolean> {
    if (this.objects.has(key)) return false;
    this.objects.set(key, body);
    return true;
  }
}
