/**
 * What the operator still has to fill in: every contact value and link still
 * marked as a placeholder, how many video ids are stand-ins, and which
 * videos of the Chinese page still lack a source that plays in mainland
 * China. The site build prints it.
 */
import { LOCALES } from '../locales';
import { CLINIC_VIDEOS } from './clinic-videos';
import { CONTACT, PORTAL_LINKS, SOCIAL_LINKS } from './contact';
import { CHINA_SOURCE_LOCALES, CHINA_VIDEO_FILES, SERVICE_VIDEOS, VR_VIDEOS } from './media';
import { isPlaceholderText, isPlaceholderVideoId } from './placeholders';

function markedTexts(prefix: string, value: unknown): string[] {
  if (typeof value === 'string') return isPlaceholderText(value) ? [prefix] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => markedTexts(`${prefix}[${i}]`, item));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => markedTexts(`${prefix}.${key}`, item));
  return [];
}

export function placeholderReport(): string[] {
  const lines = [
    ...markedTexts('CONTACT', CONTACT),
    ...markedTexts('SOCIAL_LINKS', SOCIAL_LINKS),
    ...markedTexts('PORTAL_LINKS', PORTAL_LINKS),
  ].map((path) => `shared/content/contact.ts: ${path}`);
  for (const locale of LOCALES) {
    const videos = CLINIC_VIDEOS[locale.code].videos;
    const standIns = videos.filter((video) => isPlaceholderVideoId(video.videoUUID)).length;
    if (standIns)
      lines.push(`shared/content/clinic-videos.ts: ${standIns} of ${videos.length} video ids on ${locale.route}`);
  }
  const media = [...SERVICE_VIDEOS, ...VR_VIDEOS].filter(isPlaceholderVideoId).length;
  if (media) lines.push(`shared/content/media.ts: ${media} of 4 service and VR video ids`);
  return [...lines, ...missingChinaSources()];
}

/** The videos the Chinese page plays from Vimeo (blocked in mainland China) because they have no China file yet. */
export function missingChinaSources(files: Readonly<Record<number, string>> = CHINA_VIDEO_FILES): string[] {
  return LOCALES.filter((locale) => CHINA_SOURCE_LOCALES.includes(locale.code)).flatMap((locale) => {
    const clinic = CLINIC_VIDEOS[locale.code].videos.filter((video) => !files[video.videoUUID]);
    const media = [...SERVICE_VIDEOS, ...VR_VIDEOS].filter((id) => !files[id]);
    const lines: string[] = [];
    if (clinic.length) {
      const ids = clinic.map((video) => video.videoUUID).join(', ');
      lines.push(
        `shared/content/media.ts CHINA_VIDEO_FILES: ${clinic.length} of ${CLINIC_VIDEOS[locale.code].videos.length} clinic videos on ${locale.route} have no China source (${ids})`,
      );
    }
    if (media.length)
      lines.push(
        `shared/content/media.ts CHINA_VIDEO_FILES: ${media.length} of 4 service and VR videos on ${locale.route} have no China source (${media.join(', ')})`,
      );
    return lines;
  });
}
