/**
 * Values the old site does not give (most clinic video ids, the address, phone
 * numbers; docs/decisions.md, 'Content the old site does not give'). Each is
 * marked here so the build can list what the operator still has to fill in;
 * replace the marked value with the real one.
 */

/** Placeholder video ids lie in this range; real Vimeo ids do not. */
const PLACEHOLDER_VIDEO_BASE = 990_000_000;

/** A stand-in video id, unique per page and position, to be replaced by the real Vimeo id. */
export function placeholderVideoId(pageNumber: number, position: number): number {
  return PLACEHOLDER_VIDEO_BASE + pageNumber * 1_000 + position;
}

export function isPlaceholderVideoId(id: number): boolean {
  return id >= PLACEHOLDER_VIDEO_BASE && id < PLACEHOLDER_VIDEO_BASE + 1_000_000;
}

/** Marks a text value as a stand-in; the marker is what the build check looks for. */
export const PLACEHOLDER_MARK = '[placeholder]';

export function placeholderText(text: string): string {
  return `${PLACEHOLDER_MARK} ${text}`;
}

export function isPlaceholderText(text: string): boolean {
  return text.startsWith(PLACEHOLDER_MARK);
}

/** Shown without its marker. */
export function displayText(text: string): string {
  return isPlaceholderText(text) ? text.slice(PLACEHOLDER_MARK.length).trim() : text;
}
