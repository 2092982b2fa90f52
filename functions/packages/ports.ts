/**
 * The BEST 3 packages and their images. Adapters implement these ports; unit
 * tests pass in-memory fakes.
 */
import type { BestPackage } from '../../shared/packages/best-package';
import type { ImageContentType } from '../../shared/packages/uploads';

export interface PackageStore {
  list(): Promise<BestPackage[]>;
  get(index: number): Promise<BestPackage | undefined>;
  /** Overwrites the given fields and removes the fields named in `remove`. */
  update(index: number, fields: Partial<BestPackage>, remove?: readonly (keyof BestPackage)[]): Promise<BestPackage>;
  put(pkg: BestPackage): Promise<void>;
}

export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
}

export interface ImageStore {
  presignUpload(
    key: string,
    contentType: ImageContentType,
    maxBytes: number,
    expiresSeconds: number,
  ): Promise<PresignedUpload>;
  /** Size and first bytes of a stored object, or `undefined` if there is none. */
  inspect(key: string, headBytes: number): Promise<{ size: number; head: Uint8Array } | undefined>;
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** Copies an object to another key, with this content type (and the immutable cache headers). */
  copy(fromKey: string, toKey: string, contentType: string): Promise<void>;
}
