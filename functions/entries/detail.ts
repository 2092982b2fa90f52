import { makeDetailHandler } from '../handlers/detail';
import { lambdaEntry } from '../lambda';

export const handler = lambdaEntry('detail', makeDetailHandler);
