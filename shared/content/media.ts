/**
 * The embedded videos outside the clinic player: the two short looping
 * service videos and the two VR (360°) videos. Ids are Vimeo ids; the ones
 * made with `placeholderVideoId` are stand-ins for the operator to replace.
 */
import type { LocaleCode } from '../locales';
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

/**
 * The second source of a video, for mainland China, where Vimeo is blocked:
 * the same video as a file on the site's own CDN path (`/video/...`, MP4, or
 * HLS `.m3u8` for Safari and Android), keyed by its Vimeo id. Fill in a file
 * once it is uploaded; the build's placeholder report lists the videos of
 * the Chinese page that have none yet. (A file on another host would need
 * that host in the Content-Security-Policy's `media-src`.)
 */
export const CHINA_VIDEO_FILES: Readonly<Record<number, string>> = {};

/** The pages whose readers get the China source of a video when it has one. */
export const CHINA_SOURCE_LOCALES: readonly LocaleCode[] = ['zh'];

/** Where a page plays a video from: the Vimeo player (an iframe), or a file in a `<video>` element. */
export type VideoSource = { kind: 'vimeo'; id: number } | { kind: 'file'; src: string };

/** The source of a video on a page in `locale`; `files` is there for tests. */
export function videoSourceFor(
  id: number,
  locale: LocaleCode,
  files: Readonly<Record<number, string>> = CHINA_VIDEO_FILES,
): VideoSource {
  const file = CHINA_SOURCE_LOCALES.includes(locale) ? files[id] : undefined;
  return file ? { kind: 'file', src: file } : { kind: 'vimeo', id };
}

/** Whether a China source is a video file on the site's own CDN path. */
export function isOwnVideoFile(src: string): boolean {
  return /^\/video\/[A-Za-z0-9._/-]+\.(mp4|m3u8)$/.test(src) && !src.includes('..');
}
