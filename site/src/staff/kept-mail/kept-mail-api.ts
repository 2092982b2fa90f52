/** The back office's calls for the kept mail box (the routes of functions/conversation/kept-mail/kept-mail-handler.ts). */
import type {
  KeptMailAttached,
  KeptMailDiscarded,
  KeptMailList,
  KeptMailText,
  KeptMailTranslation,
} from '../../../../shared/conversation/kept-mail';
import type { KeptBox } from '../../../../shared/conversation/visitor-messages';
import type { AttachmentLink } from '../../../../shared/conversation/attachment-download';
import { apiPath } from '../../../../shared/routes';
import { staffFetch, staffPost } from '../core/api';

/** One page of a box: searched by sender and subject when `search` is given, after the page `after` names. */
export async function loadKeptMail(box: KeptBox, search = '', after?: string): Promise<KeptMailList> {
  const query = new URLSearchParams({
    box,
    ...(search.trim() ? { search: search.trim() } : {}),
    ...(after ? { after } : {}),
  });
  return (await (await staffFetch(`${apiPath('keptMail')}?${query}`)).json()) as KeptMailList;
}

export async function loadKeptMailText(key: string): Promise<KeptMailText> {
  return (await (
    await staffFetch(`${apiPath('keptMailText')}?${new URLSearchParams({ key })}`)
  ).json()) as KeptMailText;
}

/** A kept mail's text in Korean, made now (`again`: a staff member asks past its sender's share, or after a failure). */
export async function translateKeptMail(key: string, again = false): Promise<KeptMailTranslation> {
  return (
    await staffPost<KeptMailTranslation>(apiPath('keptMailTranslation'), {
      data: { key, ...(again ? { again } : {}) },
    })
  ).data;
}

export async function attachKeptMail(
  key: string,
  index: number,
  confirmQuarantine: boolean,
): Promise<KeptMailAttached> {
  return (
    await staffPost<KeptMailAttached>(apiPath('attachKeptMail'), {
      data: { key, index, ...(confirmQuarantine ? { confirmQuarantine } : {}) },
    })
  ).data;
}

/** An admin's short-lived link to a kept mail's raw message (functions/conversation/kept-mail/kept-mail-raw-handler.ts). */
export async function keptMailRawLink(key: string): Promise<AttachmentLink> {
  return (await staffPost<AttachmentLink>(apiPath('keptMailRaw'), { data: { key } })).data;
}

export async function discardKeptMail(key: string): Promise<KeptMailDiscarded> {
  return (await staffPost<KeptMailDiscarded>(apiPath('discardKeptMail'), { data: { key } })).data;
}
