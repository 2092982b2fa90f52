/**
 * In-memory fakes of the packages and the images bucket, beside their ports,
 * for the unit tests. They follow the semantics of the DynamoDB and S3
 * adapters.
 */
import type { BestPackage } from '../../shared/packages/best-package';
import type { ImageStore, PackageStore, PresignedUpload } from './ports';
import type { ImageContentType } from '../../shared/packages/uploads';

export class FakePackageStore implements PackageStore {
  readonly items = new Map<number, BestPackage>();
  async list(): Promise<BestPackage[]> {
    return [...this.items.values()].sort((a, b) => a.INDEX - b.INDEX).map((item) => structuredClone(item));
  }
  async get(index: number): Promise<BestPackage | undefined> {
    const item = this.items.get(index);
    return item ? structuredClone(item) : undefined;
  }
  async update(
    index: number,
    fields: Partial<BestPackage>,
    remove: readonly (keyof BestPackage)[] = [],
  ): Promise<BestPackage> {
    const item = this.items.get(index);
    if (!item)
      throw Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });
    const updated: Record<string, unknown> = { ...item };
    for (const [field, value] of Object.entries(fields)) if (value !== undefined) updated[field] = value;
    for (const field of remove) delete updated[field];
    this.items.set(index, updated as BestPackage);
    return structuredClone(updated as BestPackage);
  }
  async put(pkg: BestPackage): Promise<void> {
    this.items.set(pkg.INDEX, structuredClone(pkg));
  }
}

export class FakeImageStore implements ImageStore {
  readonly objects = new Map<string, { body: Uint8Array; contentType: string }>();
  readonly presigned: { key: string; contentType: ImageContentType; maxBytes: number; expiresSeconds: number }[] = [];
  async presignUpload(
    key: string,
    contentType: ImageContentType,
    maxBytes: number,
    expiresSeconds: number,
  ): Promise<PresignedUpload> {
    this.presigned.push({ key, contentType, maxBytes, expiresSeconds });
    return { url: 'https://images.example.invalid/', fields: { key, 'Content-Type': contentType } };
  }
  async inspect(key: string, headBytes: number): Promise<{ size: number; head: Uint8Array } | undefined> {
    const object = this.objects.get(key);
    return object ? { size: object.body.length, head: object.body.slice(0, headBytes) } : undefined;
  }
  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    this.objects.set(key, { body: body.slice(), contentType });
  }
  async copy(fromKey: string, toKey: string, contentType: string): Promise<void> {
    const object = this.objects.get(fromKey);
    if (!object) throw Object.assign(new Error('NoSuchKey'), { name: 'NoSuchKey' });
    this.objects.set(toKey, { body: object.body.slice(), contentType });
  }
}
