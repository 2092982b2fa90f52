/**
 * Keeping an opened panel's header in view. Opening a panel closes the one
 * above it, and on a phone that one's form is a few screens tall: the page
 * shrinks above the header the visitor just tapped, which is left far above
 * the screen, and they see the end of a form. The header is brought back
 * below the page's sticky header (the root's `scroll-padding-top`).
 */
export function keepInView(header: HTMLElement): void {
  const { top } = header.getBoundingClientRect();
  const covered = Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  if (top < covered || top >= window.innerHeight) header.scrollIntoView({ block: 'start' });
}
