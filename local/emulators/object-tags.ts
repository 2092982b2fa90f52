/**
 * Object tags for the local S3 (fauxqs keeps none): S3's GetObjectTagging,
 * PutObjectTagging and DeleteObjectTagging on an object, answered by the S3
 * front (s3-emulator.ts), the tags kept in a JSON file in the data folder so
 * they outlive a restart as the objects do. As on S3, writing an object again
 * or deleting it drops its tags. What the malware scan's stand-in writes
 * (malware-scan.ts) is read back by the functions through the SDK, as
 * GuardDuty's tags are in production.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export type TagSet = Record<string, string>;

/** The tags of each object, by its path (`/<bucket>/<key>`, decoded). */
export class ObjectTags {
  private readonly tags: Map<string, TagSet>;

  constructor(private readonly file: string) {
    this.tags = new Map(
      existsSync(file) ? Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, TagSet>) : [],
    );
  }

  get(path: string): TagSet {
    return { ...this.tags.get(path) };
  }

  set(path: string, tags: TagSet): void {
    this.tags.set(path, { ...tags });
    this.save();
  }

  forget(path: string): void {
    if (this.tags.delete(path)) this.save();
  }

  private save(): void {
    writeFileSync(this.file, JSON.stringify(Object.fromEntries(this.tags)));
  }
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (char) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[char]};`);

const unescapeXml = (text: string) =>
  text.replace(
    /&(lt|gt|amp|apos|quot);/g,
    (_, name: string) => ({ lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' })[name] ?? '',
  );

/** GetObjectTagging's answer body. */
export function taggingXml(tags: TagSet): string {
  const set = Object.entries(tags)
    .map(([key, value]) => `<Tag><Key>${escapeXml(key)}</Key><Value>${escapeXml(value)}</Value></Tag>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><Tagging xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><TagSet>${set}</TagSet></Tagging>`;
}

/** The tags of a PutObjectTagging body (`<Tagging><TagSet><Tag><Key>…</Key><Value>…</Value></Tag>…`). */
export function parseTaggingXml(body: string): TagSet {
  const tags: TagSet = {};
  for (const [, tag = ''] of body.matchAll(/<Tag>([\s\S]*?)<\/Tag>/g)) {
    const key = /<Key>([\s\S]*?)<\/Key>/.exec(tag)?.[1];
    const value = /<Value>([\s\S]*?)<\/Value>/.exec(tag)?.[1] ?? '';
    if (key !== undefined) tags[unescapeXml(key)] = unescapeXml(value);
  }
  return tags;
}
