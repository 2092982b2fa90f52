/**
 * What the access log keeps of a template change: what changed, never the
 * whole text. The subject before and after, and the body's changed lines
 * (the lines between what both texts start and end with: one span, found in
 * one pass, whatever the size), each cut short, with the character counts.
 * Every string is cut by its width as JSON, so a row stays under
 * TEMPLATE_CHANGE_TARGET_MAX whatever the texts hold.
 */
import type { TemplateChange } from './reply-templates';

/** The most characters of one text (a subject, a line) a row keeps, as written in JSON. */
const CLIP = 60;
/** The most removed and added lines a row keeps. */
const LINES = 3;
/** The longest target a template change writes (tests/unit: the worst case stays under it). */
export const TEMPLATE_CHANGE_TARGET_MAX = 800;

/** The start of a text, at most CLIP characters once written as JSON, marked with … when cut. */
function clip(text: string): string {
  let kept = '';
  let width = 0;
  for (const point of text) {
    width += JSON.stringify(point).length - 2;
    if (width > CLIP) return `${kept}…`;
    kept += point;
  }
  return kept;
}

/** The lines that differ: where the change starts (1-based), what it removed and what it added. */
function changedLines(before: string, after: string) {
  const old = before.split('\n');
  const next = after.split('\n');
  let start = 0;
  while (start < old.length && start < next.length && old[start] === next[start]) start += 1;
  let end = 0;
  while (
    end < old.length - start &&
    end < next.length - start &&
    old[old.length - 1 - end] === next[next.length - 1 - end]
  )
    end += 1;
  return { line: start + 1, removed: old.slice(start, old.length - end), added: next.slice(start, next.length - end) };
}

function bodyChange(before: string, after: string) {
  const { line, removed, added } = changedLines(before, after);
  return {
    chars: [before.length, after.length],
    line,
    removed: removed.slice(0, LINES).map(clip),
    added: added.slice(0, LINES).map(clip),
    ...(removed.length > LINES ? { removedMore: removed.length - LINES } : {}),
    ...(added.length > LINES ? { addedMore: added.length - LINES } : {}),
  };
}

/** The access-log target of a save or restore: which template, which revisions, and what changed. */
export function templateChangeTarget(change: TemplateChange): string {
  const { templateId, expected, current, before, after } = change;
  if (!after)
    return JSON.stringify({ template: templateId, revision: expected, refused: 'changed meanwhile', current });
  const header = {
    template: templateId,
    revision: expected + 1,
    from: expected,
    ...(after.restoredFrom === undefined ? {} : { restoredFrom: after.restoredFrom }),
  };
  if (before.subject === after.subject && before.body === after.body)
    return JSON.stringify({ template: templateId, revision: expected, unchanged: true });
  return JSON.stringify({
    ...header,
    ...(before.subject === after.subject ? {} : { subject: [clip(before.subject), clip(after.subject)] }),
    ...(before.body === after.body ? {} : { body: bodyChange(before.body, after.body) }),
  });
}
