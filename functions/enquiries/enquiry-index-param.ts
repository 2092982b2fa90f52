import type { ApiRequest } from '../platform/http/request';
import { ApiError } from '../platform/http/errors';

/** The enquiry number a staff route's path names (`/api/detail/{index}`): a whole number from 1, else a 400. */
export function enquiryIndexParam(request: ApiRequest): number {
  const raw = request.params['index'] ?? '';
  if (!/^\d{1,12}$/.test(raw) || Number(raw) < 1) {
    throw new ApiError('invalid_input', 'The enquiry number must be a whole number from 1.', {
      index: 'A whole number from 1',
    });
  }
  return Number(raw);
}
