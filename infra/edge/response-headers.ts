/**
 * The security headers of shared/security-headers.ts (the same ones the local
 * server sends) as a CloudFront response headers policy: HSTS, nosniff, frame
 * options and referrer policy go in CloudFront's security-header settings
 * (which accept no custom header of those names), the rest of the common
 * headers as custom headers. Only the Content-Security-Policy differs between
 * pages and API answers.
 */
import { Duration } from 'aws-cdk-lib';
import { HeadersFrameOption, HeadersReferrerPolicy, type ResponseHeadersPolicyProps } from 'aws-cdk-lib/aws-cloudfront';
import { COMMON_SECURITY_HEADERS, STRICT_TRANSPORT_SECURITY } from '../../shared/security-headers';

/** The common headers CloudFront sets through its security-header settings; the others are custom headers. */
export const SECURITY_HEADER_SETTINGS = ['X-Content-Type-Options', 'X-Frame-Options', 'Referrer-Policy'] as const;

type CommonHeader = keyof typeof COMMON_SECURITY_HEADERS;

/** HSTS as CloudFront takes it, read from the shared header value (max-age, includeSubDomains, preload). */
export function strictTransportSecurity(value: string = STRICT_TRANSPORT_SECURITY) {
  const directives = value.split(';').map((directive) => directive.trim().toLowerCase());
  const maxAge = directives
    .map((directive) => /^max-age=(\d+)$/.exec(directive)?.[1])
    .find((seconds) => seconds !== undefined);
  const unknown = directives.filter(
    (directive) => !/^max-age=\d+$/.test(directive) && directive !== 'includesubdomains' && directive !== 'preload',
  );
  if (maxAge === undefined || unknown.length > 0)
    throw new Error(`Strict-Transport-Security "${value}" is not one CloudFront can set`);
  return {
    accessControlMaxAge: Duration.seconds(Number(maxAge)),
    includeSubdomains: directives.includes('includesubdomains'),
    preload: directives.includes('preload'),
    override: true,
  };
}

function oneOf<T extends string>(values: Record<string, T>, value: string, header: string): T {
  const found = Object.values(values).find((candidate) => candidate.toLowerCase() === value.toLowerCase());
  if (!found) throw new Error(`${header}: "${value}" is not a value CloudFront can set`);
  return found;
}

/** A response headers policy with the shared security headers and the given Content-Security-Policy. */
export function securityHeadersPolicy(comment: string, contentSecurityPolicy: string): ResponseHeadersPolicyProps {
  if (COMMON_SECURITY_HEADERS['X-Content-Type-Options'] !== 'nosniff')
    throw new Error('CloudFront can only set X-Content-Type-Options: nosniff');
  const custom = (Object.entries(COMMON_SECURITY_HEADERS) as [CommonHeader, string][]).filter(
    ([header]) => !(SECURITY_HEADER_SETTINGS as readonly string[]).includes(header),
  );
  return {
    comment,
    securityHeadersBehavior: {
      strictTransportSecurity: strictTransportSecurity(),
      contentTypeOptions: { override: true },
      frameOptions: {
        frameOption: oneOf(HeadersFrameOption, COMMON_SECURITY_HEADERS['X-Frame-Options'], 'X-Frame-Options'),
        override: true,
      },
      referrerPolicy: {
        referrerPolicy: oneOf(HeadersReferrerPolicy, COMMON_SECURITY_HEADERS['Referrer-Policy'], 'Referrer-Policy'),
        override: true,
      },
      contentSecurityPolicy: { contentSecurityPolicy, override: true },
    },
    customHeadersBehavior: { customHeaders: custom.map(([header, value]) => ({ header, value, override: true })) },
    removeHeaders: ['Server'],
  };
}
