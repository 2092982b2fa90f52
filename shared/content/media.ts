/**
 * The embedded videos outside the clinic player: the two short looping
 * service videos and the two VR (360°) videos. Ids are Vimeo ids; the ones
 * made with `placeholderVideoId` are stand-ins for the operator to replace.
 */
import { placeholderVideoId } from './placeholders';

/** Page number 7 and 8 keep these stand-ins apart from the clinic lists (1-6). */
export const SERVICE_VIDEOS = [placeholderVideoId(7, 1), placeholderVideoId(7, 2)] as const;
export const VR_VIDEOS = [placeholderVideoId(8, 1), placeholderVideoId(8, 2)] as const;

/** The player page of a Vimeo video (the facade's link without JavaScript). */
export function videoPageUrl(id: number): string {
  return `https://vimeo.com/${id}`;
}

/** The embedded player, loaded only after the visitor asks for it. */
export function videoEmbedUrl(id: number, options: { loop?: boolean } = {}): string {
  return `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1${options.loop ? '&loop=1' : ''}`;
}
