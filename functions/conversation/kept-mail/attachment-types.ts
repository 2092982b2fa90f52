/**
 * What an attachment is, from its bytes alone (never the sender's type or
 * name but to tell CSV from plain text), and whether it is kept: file-type
 * reads the first bytes; a compound file is told apart by its streams
 * (compound-documents.ts), a zip-based Office document has its directory
 * checked (office-archives.ts), bytes of no type are kept only as text
 * (text-attachments.ts); the kept types are kept-types.ts'.
 */
import { fileTypeFromBuffer } from 'file-type';
import type { AttachmentRefusal } from '../../../shared/conversation/visitor-messages';
import { compoundDocumentType } from './compound-documents';
import { OFFICE_ARCHIVE_TYPES, isKeptType } from './kept-types';
import { officeArchiveProblem } from './office-archives';
import { textType } from './text-attachments';

/** A kept type, or why not, with the type the bytes showed when they showed one. */
export type TypeVerdict = { type: string; refused?: undefined } | { type?: string; refused: AttachmentRefusal };

const COMPOUND_FILE = 'application/x-cfb';

export async function attachmentType(bytes: Uint8Array, name: string): Promise<TypeVerdict> {
  const detected = (await fileTypeFromBuffer(bytes))?.mime;
  if (detected === undefined) return textType(bytes, name) ?? { refused: 'type' };
  if (detected === COMPOUND_FILE) {
    const compound = compoundDocumentType(bytes);
    return 'refused' in compound ? { type: COMPOUND_FILE, refused: compound.refused } : compound;
  }
  if (OFFICE_ARCHIVE_TYPES.has(detected)) {
    const problem = await officeArchiveProblem(bytes);
    return problem ? { type: detected, refused: problem } : { type: detected };
  }
  return isKeptType(detected) ? { type: detected } : { type: detected, refused: 'type' };
}
