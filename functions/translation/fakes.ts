/**
 * In-memory fakes of the translation feature's ports, for the unit tests,
 * with the adapters' semantics: a job is added once, moved on only from the
 * state the caller read. `failWith` makes the next calls throw, as a service
 * that is down.
 */
import {
  TranslationRefused,
  type MachineTranslation,
  type TranslationJob,
  type TranslationRequest,
  type TranslationStore,
  type Translator,
} from './ports';
import { ENQUIRY_SOURCE } from './translation-queue';

const keyOf = (postIndex: number, source: string) => `${postIndex}|${source}`;

export class FakeTranslationStore implements TranslationStore {
  readonly items = new Map<string, TranslationJob>();
  failWith: Error | undefined;
  private check() {
    if (this.failWith) throw this.failWith;
  }
  async add(job: TranslationJob): Promise<boolean> {
    this.check();
    if (this.items.has(keyOf(job.postIndex, job.source))) return false;
    this.items.set(keyOf(job.postIndex, job.source), structuredClone(job));
    return true;
  }
  async get(postIndex: number, source: string): Promise<TranslationJob | undefined> {
    this.check();
    const found = this.items.get(keyOf(postIndex, source));
    return found && structuredClone(found);
  }
  async ofEnquiry(postIndex: number): Promise<TranslationJob[]> {
    this.check();
    return [...this.items.values()].filter((job) => job.postIndex === postIndex).map((job) => structuredClone(job));
  }
  async ofEnquiryTexts(postIndexes: readonly number[]): Promise<TranslationJob[]> {
    this.check();
    return postIndexes.flatMap((postIndex) => {
      const found = this.items.get(keyOf(postIndex, ENQUIRY_SOURCE));
      return found ? [structuredClone(found)] : [];
    });
  }
  async transition(
    postIndex: number,
    source: string,
    expected: Pick<TranslationJob, 'state' | 'attempts'>,
    change: Partial<TranslationJob>,
  ): Promise<boolean> {
    this.check();
    const job = this.items.get(keyOf(postIndex, source));
    if (!job || job.state !== expected.state || job.attempts !== expected.attempts) return false;
    const next: TranslationJob = {
      ...job,
      ...Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)),
    };
    if (change.queue === undefined) {
      delete next.queue;
      delete next.nextAt;
    }
    this.items.set(keyOf(postIndex, source), next);
    return true;
  }
  async due(now: number, limit: number): Promise<{ postIndex: number; source: string }[]> {
    this.check();
    return [...this.items.values()]
      .filter((job) => job.queue !== undefined && job.nextAt !== undefined && job.nextAt <= now)
      .sort((a, b) => (a.nextAt ?? 0) - (b.nextAt ?? 0))
      .slice(0, limit)
      .map(({ postIndex, source }) => ({ postIndex, source }));
  }
  async remove(postIndex: number, sources: readonly string[]): Promise<void> {
    this.check();
    for (const source of sources) this.items.delete(keyOf(postIndex, source));
  }

  async removeEnquiry(postIndex: number): Promise<void> {
    this.check();
    for (const [key, job] of this.items) if (job.postIndex === postIndex) this.items.delete(key);
  }
}

/**
 * A translator that marks its output (`[ru→ko] …`), counts its calls, and
 * fails while `failWith` is set or refuses the texts `refuse` names.
 */
export class FakeTranslator implements Translator {
  readonly engine = 'fake engine';
  readonly requests: TranslationRequest[] = [];
  failWith: Error | undefined;
  refuse: string | undefined;
  async translate(request: TranslationRequest): Promise<MachineTranslation> {
    this.requests.push(request);
    if (this.failWith) throw this.failWith;
    if (this.refuse !== undefined && request.text.includes(this.refuse))
      throw new TranslationRefused('language_pair', 'The engine does not translate this pair');
    const source = request.source === 'auto' ? 'vi' : request.source;
    return {
      text: `[${source}→${request.target}] ${request.text}`,
      source,
      target: request.target,
      engine: this.engine,
      termsApplied: 0,
    };
  }
}
