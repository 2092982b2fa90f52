/** Every case of the benchmark: the public corpora's fixtures, then our own messages. */
import type { ReplyCase } from './case';
import { ownMessages } from './own-cases';
import { publicCases } from './public-corpora';

export function allCases(): ReplyCase[] {
  return [...publicCases(), ...ownMessages()];
}
