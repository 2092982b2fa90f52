/**
 * Whether the parser's new text is the expected one, and if not, how it is
 * wrong. Both sides are compared as a reader sees them: NFC, line ends made
 * plain, spaces at the end of each line and blank lines at either end left
 * out, blank lines between paragraphs counted as one. A wrong answer is empty, truncated (a line the patient wrote is
 * missing), has quoted history left in (a line the patient did not write),
 * or differs only in its blank lines; truncated and history left in can both
 * hold for one answer.
 */

export function normalised(text: string): string {
  const lines = text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/, ''));
  while (lines.length > 0 && lines[0] === '') lines.shift();
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  // Blank lines between paragraphs count as one: a reader sees no difference, and quotes left out leave theirs.
  return lines.join('\n').replace(/\n{3,}/g, '\n\n');
}

export interface Verdict {
  right: boolean;
  /** Expected a text, got none. */
  empty: boolean;
  /** Not empty, but a line of the expected text is missing from it. */
  truncated: boolean;
  /** A line that is not in the expected text (quoted history, a signature, a header). */
  historyLeft: boolean;
  /** Every line right, only the blank lines between them differ. */
  blankLinesOnly: boolean;
}

/** The non-blank lines, each counted as often as it occurs. */
function lineCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of text.split('\n')) if (line.trim() !== '') counts.set(line, (counts.get(line) ?? 0) + 1);
  return counts;
}

/** Lines of `a` (with their repeats) that `b` lacks. */
function missing(a: Map<string, number>, b: Map<string, number>): string[] {
  const out: string[] = [];
  for (const [line, count] of a) for (let i = b.get(line) ?? 0; i < count; i += 1) out.push(line);
  return out;
}

export function verdict(expected: string, got: string): Verdict {
  const want = normalised(expected);
  const have = normalised(got);
  const right = want === have;
  const empty = !right && want !== '' && have === '';
  const wantLines = lineCounts(want);
  const haveLines = lineCounts(have);
  const truncated = !right && !empty && missing(wantLines, haveLines).length > 0;
  const historyLeft = !right && missing(haveLines, wantLines).length > 0;
  const nonBlank = (text: string) => text.split('\n').filter((line) => line.trim() !== '');
  const blankLinesOnly = !right && !empty && nonBlank(want).join('\n') === nonBlank(have).join('\n');
  return { right, empty, truncated, historyLeft, blankLinesOnly };
}

/** A short diff for a person: the expected lines missing ("-") and the lines that should not be there ("+"). */
export function shortDiff(expected: string, got: string, max = 12): string[] {
  const want = lineCounts(normalised(expected));
  const have = lineCounts(normalised(got));
  const lines = [
    ...missing(want, have).map((line) => `  - ${line}`),
    ...missing(have, want).map((line) => `  + ${line}`),
  ];
  if (lines.length === 0) {
    // Same lines, other blank lines: both around the first line where they part.
    const want = normalised(expected).split('\n');
    const have = normalised(got).split('\n');
    const at = Math.max(
      0,
      want.findIndex((line, index) => line !== have[index]),
    );
    const around = (text: string[]) => JSON.stringify(text.slice(Math.max(0, at - 1), at + 3).join('\n'));
    return [`  expected (line ${at + 1}) ${around(want)}`, `  got      (line ${at + 1}) ${around(have)}`];
  }
  return lines.length > max ? [...lines.slice(0, max), `  … ${lines.length - max} more`] : lines;
}
