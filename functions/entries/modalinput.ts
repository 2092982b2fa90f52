import { makeModalinputHandler } from '../handlers/modalinput';
import { lambdaEntry } from '../lambda';

export const handler = lambdaEntry('modalinput', makeModalinputHandler);
