/**
 * The props of a language page's islands, computed once per locale at build
 * time. The page renders each island with them (site/src/components/Island.astro)
 * and the build writes the same values to one JSON file per locale
 * (site/src/pages/islands/[file].ts) that the browser fetches when an island
 * wakes (site/src/scripts/islands.ts). So no props travel inside the page: they
 * were a seventh of its gzipped bytes, the labels and the video titles a
 * second time.
 *
 * Build-time only (it reads BudouX through phrases.ts); the browser imports
 * nothing from here but types.
 */
import { createHash } from 'node:crypto';
import { CLINIC_VIDEOS } from '../../../shared/content/clinic-videos';
import { CONTACT, telHref } from '../../../shared/content/contact';
import { videoSourceFor } from '../../../shared/content/media';
import { DETAIL_SECTIONS, LANGUAGES, SECTIONS } from '../../../shared/enquiries/enums';
import { type LocaleCode, privacyRoute } from '../../../shared/locales';
import { displayText, pageData } from '../lib/page-data';
import { phrases } from '../lib/phrases';
import type { IslandProps } from './island-names';
import { channelOptions } from './enquiry/channel-options';
import { enquiryLabels } from './enquiry/types';

/** The customer-centre numbers as the page shows and dials them. */
export function customerCentrePhones() {
  return CONTACT.customerCentres.map((number) => ({ display: displayText(number), href: telHref(number) }));
}

function computeIslandProps(code: LocaleCode): IslandProps {
  const { locale, t } = pageData(code);
  const label = (entry: { labels: Record<string, string> }) => entry.labels[code] ?? '';
  const list = CLINIC_VIDEOS[code];
  return {
    EnquiryAccordion: {
      locale: code,
      channels: channelOptions(code, { email: t['form.channel.email'], phone: t['form.channel.phone'] }),
      sections: SECTIONS.map((entry) => ({ value: entry.value, label: label(entry) })),
      detailSections: DETAIL_SECTIONS.map((entry) => ({ value: entry.value, label: label(entry) })),
      languages: LANGUAGES.map((entry) => ({ value: entry.value, label: label(entry) })),
      defaultLanguage: locale.defaultLanguage,
      labels: enquiryLabels(t),
      phones: customerCentrePhones(),
      policyHref: privacyRoute(code),
    },
    ClinicVideoPlayer: {
      videos: list.videos.map(({ videoUUID, title }) => {
        const parts = phrases(title, code);
        const source = videoSourceFor(videoUUID, code);
        return {
          videoUUID,
          title,
          ...(parts.length > 1 ? { phrases: parts } : {}),
          ...(source.kind === 'file' ? { file: source.src } : {}),
        };
      }),
      start: list.start === 'random' ? 'random' : list.start.videoUUID,
      labels: { play: t['videos.play'], list: t['videos.listLabel'], nowPlaying: t['videos.nowPlaying'] },
    },
    BestBoard: {
      suffix: locale.packageSuffix,
      fallback: locale.packageFallback,
      labels: { readMore: t['best.readMore'], close: t['best.close'] },
    },
  };
}

const computed = new Map<LocaleCode, { props: IslandProps; json: string; file: string }>();

function entry(code: LocaleCode) {
  let found = computed.get(code);
  if (!found) {
    const props = computeIslandProps(code);
    const json = JSON.stringify(props);
    // Named by content: a page open across a deployment fetches the props it was built with, or none (it then stays a plain form).
    const file = `${code}.${createHash('sha256').update(json).digest('hex').slice(0, 10)}`;
    found = { props, json, file };
    computed.set(code, found);
  }
  return found;
}

export const islandProps = (code: LocaleCode): IslandProps => entry(code).props;
export const islandPropsJson = (code: LocaleCode): string => entry(code).json;
/** The JSON's file name without `.json`, the `[file]` of its route. */
export const islandPropsFile = (code: LocaleCode): string => entry(code).file;
export const islandPropsPath = (code: LocaleCode): string => `/islands/${islandPropsFile(code)}.json`;
