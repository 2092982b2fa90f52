/** The visitor's page's two calls (functions/visitor/visitor-page-handler.ts); neither ever throws. */
import { apiPath } from '../../../../shared/routes';
import type { VisitorEnquiryView } from '../../../../shared/visitor/visitor-page';

export type VisitorAnswer =
  | { kind: 'ok'; view: VisitorEnquiryView }
  /** The link opens no enquiry (wrong, replaced, expired with the enquiry). */
  | { kind: 'notFound' }
  | { kind: 'invalid'; fields: string[] }
  | { kind: 'rateLimited' }
  | { kind: 'server' }
  | { kind: 'network' };

async function post(path: string, data: Record<string, unknown>): Promise<VisitorAnswer> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ data }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch {
    return { kind: 'network' };
  }
  const body = (await response.json().catch(() => undefined)) as
    (VisitorEnquiryView & { fields?: Record<string, string> }) | undefined;
  if (response.ok && body?.reference) return { kind: 'ok', view: body };
  if (response.status === 404) return { kind: 'notFound' };
  if (response.status === 429) return { kind: 'rateLimited' };
  if (response.status === 400) return { kind: 'invalid', fields: Object.keys(body?.fields ?? {}) };
  return { kind: 'server' };
}

export const readEnquiry = (link: string) => post(apiPath('visitorEnquiry'), { link });

export const sendMessage = (message: {
  link: string;
  text: string;
  message_id: string;
  website: string;
  form_fill_ms: number;
}) => post(apiPath('visitorMessage'), message);
