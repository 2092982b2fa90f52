/**
 * The preferred-contact choices of a page: the channels in the order its
 * readers expect (their own messenger first), named as the page says them.
 * Brand names stay as they are; e-mail and phone take the page's words.
 */
import { CHANNEL_NAMES, CHANNEL_ORDER, type ContactChannel } from '../../../../shared/intake/contact-channels';
import type { LocaleCode } from '../../../../shared/locales';
import type { Option } from './types';

export type TranslatedChannelNames = Record<Extract<ContactChannel, 'email' | 'phone'>, string>;

export function channelOptions(locale: LocaleCode, translated: TranslatedChannelNames): Option[] {
  return CHANNEL_ORDER[locale].map((channel) => ({
    value: channel,
    label: channel === 'email' || channel === 'phone' ? translated[channel] : CHANNEL_NAMES[channel],
  }));
}
