/**
 * Every request limit of a stage, in one place: what one visitor may do (the
 * per-address rate rules of the AWS WAF web ACL at the edge), and what the
 * whole stage may take from the account (the API Gateway throttles, the
 * background workers running at once).
 */
import type { WorkerName } from '../shared/resources';
import type { RouteName } from '../shared/routes';

/**
 * A per-address AWS WAF rate rule: at most `limit` requests over the last
 * `windowSeconds` (AWS WAF allows 60, 120, 300 or 600 seconds, and 10 requests
 * at the least). Above it the address is answered 429 until its rate falls.
 *
 * AWS WAF counts by the whole client address: it has no IPv6 prefix key (the
 * rate-based statement aggregates by IP, forwarded IP, custom keys or nothing;
 * no /64 grouping), so a client with an IPv6 /64 gets a fresh allowance for
 * every address it takes from it. These rules stop floods and scripts from one
 * address; the functions key their own send limits by the IPv6 /64.
 */
export interface EdgeRateLimit {
  limit: number;
  windowSeconds: 60 | 120 | 300 | 600;
}

export const EDGE_RATE_LIMITS = {
  // A staff member signs in a few times an hour, a typo or two included; a clinic office of several staff
  // behind one address at the start of the day stays well under 20 in ten minutes. A guessing loop gets two tries a minute.
  signIn: { limit: 20, windowSeconds: 600 },
  // The one-time link pages (taking up an invitation, opening an enrolment link) happen once per staff member and
  // set-up; a few tries with a mistyped password at most. One count for both pages.
  linkPages: { limit: 10, windowSeconds: 600 },
  // A patient sends one enquiry, maybe a second one or a retry of the same; ten in ten minutes from one address is a script.
  enquiry: { limit: 10, windowSeconds: 600 },
  // Everything under /api/, cache hits included (AWS WAF sees a request before the cache does): each page a visitor
  // opens reads the BEST 3 board once, and a staff member paging through enquiries makes a request every second or
  // two. 1,000 in five minutes is over three a second kept up for five minutes.
  api: { limit: 1000, windowSeconds: 300 },
} as const satisfies Record<string, EdgeRateLimit>;

/** API Gateway throttling: requests a second (steady) and at once (burst). */
export interface Throttle {
  rateLimit: number;
  burstLimit: number;
}

/**
 * The API's throttles protect the account, not a route: the per-visitor limits
 * are at the edge (above) and in the functions. A real peak is a few requests a
 * second (the BEST 3 board is mostly answered from CloudFront's cache), so
 * these are far above it; they only keep a flood from many addresses from
 * taking the account's Lambda concurrency (1,000 by default, shared by every
 * function of the account in the region) and API Gateway's account-wide
 * request rate from the other stages and workloads, and bound its cost.
 */
export const API_THROTTLING: { stage: Throttle; routes: Partial<Record<RouteName, Throttle>> } = {
  // At a few hundred milliseconds a call, 200 a second is some tens of concurrent functions at most.
  stage: { rateLimit: 200, burstLimit: 400 },
  routes: {
    // scrypt makes a sign-in about half a second of a whole CPU at 1 GB: at most a handful at once, against a few an hour in real use.
    login: { rateLimit: 10, burstLimit: 20 },
    // Each enquiry is stored, numbered and mailed to staff: hundreds of times a real day's peak.
    sendmail: { rateLimit: 20, burstLimit: 40 },
    // Taking up an invitation and opening an enrolment link hash a password with scrypt, like sign-in; each happens
    // once per staff member and set-up.
    welcome: { rateLimit: 10, burstLimit: 20 },
    enrolLink: { rateLimit: 10, burstLimit: 20 },
  },
};

/**
 * Background workers that may run at once in a stage: each worker function's
 * reserved concurrency, which is both its cap and its share kept out of the
 * account's pool (1,000 by default, shared by every function of the account
 * in the region, and AWS keeps 100 of it unreserved: an account whose quota is
 * still a new account's 10 must ask for more before deploying, as
 * docs/deployment.md, 'Prerequisites', says).
 */
export const WORKER_CONCURRENCY: Record<WorkerName, number> = {
  // Each staff member runs one export at a time (the export lock, functions/exports/export-jobs.ts), and a clinic
  // office of a dozen staff seldom exports at the same moment: three at once is above a real day's peak. Each worker
  // holds a whole vCPU and 1,769 MiB for up to 15 minutes and reads as fast as one partition of the enquiries table
  // serves (docs/csv-exports.md, 'A million rows, on paper'), so more at once would only share those reads while multiplying
  // what a stolen staff account, or several, could make the stage spend. A fourth waits in Lambda's queue while the
  // three run; if none ends within the event's 60 s, the event goes to the failure queue (its alarm fires) and the
  // status route fails the job `stalled`, so the staff member starts it again.
  exportWorker: 3,
};

/**
 * The mail receiver's reserved concurrency: its cap, so a burst of mail (a
 * campaign of spoofed or oversized messages, each parsed in full) cannot take
 * the capacity the API's routes need; and its share, so the API cannot starve
 * it either. A mail past the cap is throttled, and Lambda keeps an
 * asynchronous event it could not run and tries it again for up to the
 * event's age (six hours, MAIL_RECEIVER_MAX_EVENT_AGE): it waits, it is not
 * lost. Ten filing at once is several times a busy day's mail (the load run
 * files its answers with far fewer).
 */
export const MAIL_RECEIVER_CONCURRENCY = 10;
