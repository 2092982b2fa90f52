import { makeLogoutHandler } from '../handlers/logout';
import { lambdaEntry } from '../lambda';

export const handler = lambdaEntry('logout', makeLogoutHandler);
