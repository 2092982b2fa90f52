/**
 * The few lines of script the static page needs outside the islands: video
 * facades that become players on a click, and the call button that dials one customer-centre
 * number chosen at random on each page load.
 */
export function enhancePage(): void {
  for (const facade of document.querySelectorAll<HTMLElement>('[data-facade]')) {
    facade.querySelector('a')?.addEventListener('click', (event) => {
      event.preventDefault();
      const frame = document.createElement('iframe');
      frame.src = facade.dataset['embed'] ?? '';
      frame.title = facade.dataset['title'] ?? '';
      frame.allow = 'autoplay; fullscreen; picture-in-picture';
      frame.allowFullscreen = true;
      facade.replaceChildren(frame);
      frame.focus();
    });
  }

  for (const button of document.querySelectorAll<HTMLAnchorElement>('[data-random-call]')) {
    const numbers = JSON.parse(button.dataset['randomCall'] ?? '[]') as string[];
    const chosen = numbers[Math.floor(Math.random() * numbers.length)];
    if (chosen) button.href = chosen;
  }
}
