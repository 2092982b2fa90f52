/** An in-memory fake of the tag index, beside its port, for the unit tests; it follows the DynamoDB adapter's semantics. */
import type { TagInUse } from '../../shared/tags/tags';
import type { TagIndex } from './ports';

export class FakeTagIndex implements TagIndex {
  /** Each tag's POST_INDEXes. */
  readonly filed = new Map<string, Set<number>>();

  async inUse(): Promise<TagInUse[]> {
    return [...this.filed]
      .filter(([, indexes]) => indexes.size > 0)
      .map(([tag, indexes]) => ({ tag, count: indexes.size }));
  }

  async link(tag: string, postIndex: number): Promise<boolean> {
    const indexes = this.filed.get(tag) ?? new Set<number>();
    this.filed.set(tag, indexes);
    if (indexes.has(postIndex)) return false;
    indexes.add(postIndex);
    return true;
  }

  async unlink(tag: string, postIndex: number): Promise<boolean> {
    return this.filed.get(tag)?.delete(postIndex) ?? false;
  }

  async page(tag: string, below: number | undefined, limit: number): Promise<number[]> {
    return this.sorted(tag)
      .filter((index) => below === undefined || index < below)
      .slice(0, limit);
  }

  async range(tag: string, highest: number, lowest: number): Promise<number[]> {
    return this.sorted(tag).filter((index) => index >= lowest && index <= highest);
  }

  private sorted(tag: string): number[] {
    return [...(this.filed.get(tag) ?? [])].sort((a, b) => b - a);
  }
}
