import { makeLoginHandler } from '../handlers/login';
import { lambdaEntry } from '../lambda';

export const handler = lambdaEntry('login', makeLoginHandler);
