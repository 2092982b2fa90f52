/** Requests and checks the send route's and the mail's handler tests share: an enquiry as the island and as an HTML form send it, and what to read off an answer. */
import { expect } from 'vitest';
import type { ApiErrorBody } from '../../shared/api-error';
import { type FakeDeps, bodyOf, fakeDeps } from './fakes';

export const MINUTE = 60_000;

/** A valid concierge enquiry as the site's island sends it. */
export const enquiry = (extra: Record<string, unknown> = {}) => ({
  user_name: 'Anna Petrova',
  user_email: 'anna@example.com',
  phone: '+7 900 123-45-67',
  section: '컨시어지',
  message: 'Please meet us at the airport.',
  user_count: 2,
  user_language: 'Russian',
  destination: 'Incheon Airport',
  start: '2026-12-01 10:00',
  consent_privacy: true,
  ...extra,
});

/** The same enquiry as an HTML form posts it. */
export const formFields = (extra: Record<string, string> = {}) => ({
  user_name: 'Anna Petrova',
  user_email: 'anna@example.com',
  phone: '',
  section: '컨시어지',
  detail_section: '',
  message: 'Please meet us at the airport.',
  user_count: '2',
  user_Room: '1',
  user_language: 'Russian',
  destination: 'Incheon Airport',
  hotel: '',
  start: '2026-12-01 10:00',
  finish: '',
  consent_privacy: 'on',
  website: '',
  ...extra,
});

export const errorBody = (response: { body?: string }) => bodyOf(response) as ApiErrorBody;
/** An answer with its reference blanked: every enquiry has its own, so only the rest can tell two answers apart. */
export const apartFromReference = <Answer extends { body?: string }>(answer: Answer) => ({
  ...answer,
  body: answer.body?.replace(/MT-\d{6}/g, 'MT-######'),
});
export const stored = (deps: FakeDeps) => [...deps.enquiries.items.values()];

export function location(response: { headers: Record<string, string> }): URL {
  const value = response.headers['Location'];
  expect(value, 'Location header').toBeDefined();
  expect(value?.startsWith('/')).toBe(true);
  expect(value?.startsWith('//')).toBe(false);
  return new URL(value ?? '', 'https://site.example');
}

/** Deps for the tests of the staff mail itself: the visitor's acknowledgement (tested apart) stays off. */
export const staffMailDeps = (options: Parameters<typeof fakeDeps>[0] = {}) =>
  fakeDeps({ ...options, settings: { ACKNOWLEDGE_VISITORS: false, ...options.settings } });
