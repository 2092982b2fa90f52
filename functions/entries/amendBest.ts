import { makeAmendBestHandler } from '../handlers/amend-best';
import { lambdaEntry } from '../lambda';

export const handler = lambdaEntry('amendBest', makeAmendBestHandler);
