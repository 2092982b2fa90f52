/** The reply panel's translation preview: the staff member's text in the visitor's language. */
import type { ReplyPreview } from '../../../../shared/translation/reply-preview';
import { apiPath } from '../../../../shared/routes';
import { StaffApiError, staffPost } from '../core/api';

export type PreviewProblem = 'unavailable' | 'capped' | 'refused';

/** The preview, or why there is none (the staff member then writes in the visitor's language). */
export async function previewTranslation(index: number, text: string): Promise<ReplyPreview | PreviewProblem> {
  try {
    return (await staffPost<ReplyPreview>(apiPath('replyPreview'), { data: { index, text } })).data;
  } catch (error) {
    if (!(error instanceof StaffApiError)) throw error;
    if (error.status === 429) return 'capped';
    if (error.status === 400 && 'text' in error.fields) return 'refused';
    if (error.status === 503 || error.status === 0) return 'unavailable';
    throw error;
  }
}
