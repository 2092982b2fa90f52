import { makePopupinputHandler } from '../handlers/popupinput';
import { lambdaEntry } from '../lambda';

export const handler = lambdaEntry('popupinput', makePopupinputHandler);
