/**
 * In-memory fakes of the enquiry history and the reply templates, beside their
 * ports, for the unit tests. They follow the semantics of the DynamoDB and S3
 * adapters.
 */
import type { EnquiryEvent, EventStore, ReplyTemplate, TemplateStore } from './ports';

export class FakeEventStore implements EventStore {
  readonly items: EnquiryEvent[] = [];
  async add(event: EnquiryEvent): Promise<void> {
    if (this.items.some((existing) => existing.postIndex === event.postIndex && existing.at === event.at)) throw new Error('event exists');
    this.items.push(structuredClone(event));
  }
  async list(postIndex: number): Promise<EnquiryEvent[]> {
    return this.items.filter((event) => event.postIndex === postIndex).sort((a, b) => (a.at < b.at ? -1 : 1)).map((item) => structuredClone(item));
  }
  async removeAll(postIndex: number): Promise<void> {
    for (let i = this.items.length - 1; i >= 0; i -= 1) if (this.items[i]?.postIndex === postIndex) this.items.splice(i, 1);
  }
}

export class FakeTemplateStore implements TemplateStore {
  readonly items = new Map<string, ReplyTemplate>();
  async getMany(templateIds: string[]): Promise<ReplyTemplate[]> {
    return templateIds.flatMap((id) => (this.items.has(id) ? [structuredClone(this.items.get(id) as ReplyTemplate)] : []));
  }
  async put(template: ReplyTemplate): Promise<void> {
    this.items.set(template.templateId, structuredClone(template));
  }
}
