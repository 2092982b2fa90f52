/** The receipt texts of the six languages (see types.ts): a few lines each, so the send route carries all of them. */
import type { LocaleCode } from '../../locales';
import { en } from './en';
import { ja } from './ja';
import { ko } from './ko';
import { ru } from './ru';
import type { ReceiptText } from './types';
import { vi } from './vi';
import { zh } from './zh';

export type { ReceiptText };

export const RECEIPT_TEXT: Record<LocaleCode, ReceiptText> = { en, ko, zh, ru, vi, ja };
