import { makeViewHandler } from '../handlers/view';
import { lambdaEntry } from '../lambda';

export const handler = lambdaEntry('view', makeViewHandler);
