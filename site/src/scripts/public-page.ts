/**
 * The few lines of script the static page needs outside the islands: video
 * facades that become players (or the video's own file) on a click, and the call button that dials one customer-centre
 * number chosen at random on each page load. Until this runs (after the first
 * paint, site/src/components/PageScript.astro) a facade is a link to its video
 * and the button dials the first number, as without JavaScript.
 */

/** Set on `<html>` once the page's script has run (browser tests wait for it before they click). */
export const ENHANCED_ATTRIBUTE = 'data-enhanced';
/** The Vimeo player of a facade. */
function playerFrame(facade: HTMLElement): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.src = facade.dataset['embed'] ?? '';
  frame.title = facade.dataset['title'] ?? '';
  frame.allow = 'autoplay; fullscreen; picture-in-picture';
  frame.allowFullscreen = true;
  return frame;
}

/** A facade's own video file (its source for mainland China), in the browser's player. */
function videoElement(facade: HTMLElement): HTMLVideoElement {
  const video = document.createElement('video');
  video.src = facade.dataset['file'] ?? '';
  video.setAttribute('aria-label', facade.dataset['title'] ?? '');
  video.controls = true;
  video.autoplay = true;
  video.playsInline = true;
  video.loop = 'loop' in facade.dataset;
  return video;
}

export function enhancePage(): void {
  for (const facade of document.querySelectorAll<HTMLElement>('[data-facade]')) {
    facade.querySelector('a')?.addEventListener('click', (event) => {
      event.preventDefault();
      const player = facade.dataset['file'] ? videoElement(facade) : playerFrame(facade);
      facade.replaceChildren(player);
      player.focus();
    });
  }

  for (const button of document.querySelectorAll<HTMLAnchorElement>('[data-random-call]')) {
    const numbers = JSON.parse(button.dataset['randomCall'] ?? '[]') as string[];
    const chosen = numbers[Math.floor(Math.random() * numbers.length)];
    if (chosen) button.href = chosen;
  }
  document.documentElement.setAttribute(ENHANCED_ATTRIBUTE, '');
}
