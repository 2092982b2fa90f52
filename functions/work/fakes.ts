/**
 * In-memory fakes of the enquiry history and the reply templates, beside their
 * ports, for the unit tests. They follow the semantics of the DynamoDB and S3
 * adapters.
 */
import type { Clock } from '../platform/ports';
import type {
  EnquiryEvent,
  EventStore,
  ReplyTemplate,
  StoredTemplateVersion,
  TemplateStore,
  TemplateVersionStore,
} from './ports';

export class FakeEventStore implements EventStore {
  readonly items: EnquiryEvent[] = [];
  async add(event: EnquiryEvent): Promise<void> {
    if (this.items.some((existing) => existing.postIndex === event.postIndex && existing.at === event.at))
      throw new Error('event exists');
    this.items.push(structuredClone(event));
  }
  async addOnce(event: EnquiryEvent): Promise<boolean> {
    if (this.items.some((existing) => existing.postIndex === event.postIndex && existing.at === event.at)) return false;
    await this.add(event);
    return true;
  }
  async list(postIndex: number): Promise<EnquiryEvent[]> {
    return this.items
      .filter((event) => event.postIndex === postIndex)
      .sort((a, b) => (a.at < b.at ? -1 : 1))
      .map((item) => structuredClone(item));
  }
  async remove(postIndex: number, ats: readonly string[]): Promise<void> {
    for (let i = this.items.length - 1; i >= 0; i -= 1) {
      const item = this.items[i];
      if (item?.postIndex === postIndex && ats.includes(item.at)) this.items.splice(i, 1);
    }
  }
  async removeAll(postIndex: number): Promise<void> {
    for (let i = this.items.length - 1; i >= 0; i -= 1)
      if (this.items[i]?.postIndex === postIndex) this.items.splice(i, 1);
  }
}

/** The revision a template is at (0: none saved; a template saved before revisions were kept is at 1). */
const revisionIn = (template: ReplyTemplate | undefined) => (template ? (template.revision ?? 1) : 0);

export class FakeTemplateStore implements TemplateStore {
  readonly items = new Map<string, ReplyTemplate>();
  async getMany(templateIds: string[]): Promise<ReplyTemplate[]> {
    return templateIds.flatMap((id) =>
      this.items.has(id) ? [structuredClone(this.items.get(id) as ReplyTemplate)] : [],
    );
  }
  async get(templateId: string): Promise<ReplyTemplate | undefined> {
    return structuredClone(this.items.get(templateId));
  }
  async replace(template: ReplyTemplate, expected: number): Promise<boolean> {
    if (revisionIn(this.items.get(template.templateId)) !== expected) return false;
    this.items.set(template.templateId, structuredClone(template));
    return true;
  }
}

export class FakeTemplateVersionStore implements TemplateVersionStore {
  readonly items: StoredTemplateVersion[] = [];
  constructor(private readonly clock: Clock) {}
  private live(version: StoredTemplateVersion) {
    return version.expiresAt > Math.floor(this.clock.now() / 1000);
  }
  async keep(version: StoredTemplateVersion): Promise<void> {
    if (!this.items.some((kept) => kept.templateId === version.templateId && kept.revision === version.revision))
      this.items.push(structuredClone(version));
  }
  async get(templateId: string, revision: number): Promise<StoredTemplateVersion | undefined> {
    const found = this.items.find((kept) => kept.templateId === templateId && kept.revision === revision);
    return found && this.live(found) ? structuredClone(found) : undefined;
  }
  async before(
    templateId: string,
    before: number,
    limit: number,
  ): Promise<{ versions: StoredTemplateVersion[]; more: boolean }> {
    const older = this.items
      .filter((kept) => kept.templateId === templateId && kept.revision < before && this.live(kept))
      .sort((a, b) => b.revision - a.revision);
    return { versions: older.slice(0, limit).map((kept) => structuredClone(kept)), more: older.length > limit };
  }
}
