/**
 * The cache and origin request policies of SiteHosting's distribution
 * (site-hosting.ts): what each kind of content is cached for, and what the
 * API is sent.
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';
import { API_FORWARDED_COOKIES, API_FORWARDED_HEADERS, CACHED_API_FORWARDED_HEADERS } from '../../edge/cdn-rules';

/** Made in the hosting construct's scope: their logical ids, and so the deployed policies, stay its own. */
export function cdnPolicies(scope: Construct) {
  const pageCache = new cloudfront.CachePolicy(scope, 'PageCache', {
    comment: 'Pages: short, every deployment invalidates',
    defaultTtl: Duration.minutes(5),
    minTtl: Duration.seconds(0),
    maxTtl: Duration.hours(1),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
  });
  const packagesCache = new cloudfront.CachePolicy(scope, 'PackagesCache', {
    comment: 'GET /api/amendBest: the BEST 3 packages, a minute (the function says max-age=60)',
    defaultTtl: Duration.seconds(60),
    minTtl: Duration.seconds(0),
    maxTtl: Duration.seconds(60),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
  });
  const apiNoCache = new cloudfront.CachePolicy(scope, 'ApiNoCache', {
    comment:
      'Other API calls: never cached (the API answers no-store); Authorization is in the key only so GET requests carry it',
    defaultTtl: Duration.seconds(0),
    minTtl: Duration.seconds(0),
    // Above zero only because CloudFront allows no key headers otherwise; no-store responses are never kept.
    maxTtl: Duration.seconds(1),
    headerBehavior: cloudfront.CacheHeaderBehavior.allowList('Authorization'),
    queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
    cookieBehavior: cloudfront.CacheCookieBehavior.none(),
  });
  const apiOriginRequest = new cloudfront.OriginRequestPolicy(scope, 'ApiOriginRequest', {
    // Never Host: API Gateway must see its own.
    comment:
      'What the API reads: its headers (not Host), the viewer host and address, the query, the sign-in device cookie',
    headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(...API_FORWARDED_HEADERS),
    queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
    // Allow-listed, the cookie also comes back: CloudFront passes the sign-in route's Set-Cookie for it to the browser.
    cookieBehavior: cloudfront.OriginRequestCookieBehavior.allowList(...API_FORWARDED_COOKIES),
  });
  const cachedApiOriginRequest = new cloudfront.OriginRequestPolicy(scope, 'CachedApiOriginRequest', {
    comment: 'GET /api/amendBest: the viewer host and address only (no query, no cookies)',
    headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(...CACHED_API_FORWARDED_HEADERS),
    queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.none(),
    cookieBehavior: cloudfront.OriginRequestCookieBehavior.none(),
  });
  return { pageCache, packagesCache, apiNoCache, apiOriginRequest, cachedApiOriginRequest };
}
