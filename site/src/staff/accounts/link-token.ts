/**
 * The token of a one-time link page (`/welcome#<token>`, `/enrol#<token>`):
 * read from the fragment (which the browser never sends to a server, so it
 * is in no log or Referer) once, and taken out of the address bar and the
 * history before anything else happens on the page.
 */
let fromLink: string | undefined;

export function linkToken(): string {
  if (fromLink === undefined) {
    fromLink = window.location.hash.slice(1);
    if (fromLink) window.history.replaceState(null, '', window.location.pathname);
  }
  return fromLink;
}
