/**
 * The security headers of the local server: the definitions production's CDN
 * sends (shared/security-headers.ts), with the hashes of the built site's
 * inline blocks, minus what only HTTPS can carry (HSTS, upgrade-insecure-requests).
 */
import { inlineBlocksOf } from '../../infra/edge/content-security-policy';
import {
  API_CONTENT_SECURITY_POLICY,
  COMMON_SECURITY_HEADERS,
  contentSecurityPolicy,
} from '../../shared/security-headers';

export interface LocalSecurityHeaders {
  page: Record<string, string>;
  api: Record<string, string>;
}

/** `uploadOrigin`: the S3 emulator the back office uploads images to. */
export function localSecurityHeaders(siteRoot: string, uploadOrigin: string): LocalSecurityHeaders {
  const page = contentSecurityPolicy({
    inline: inlineBlocksOf(siteRoot),
    uploadOrigin,
    upgradeInsecureRequests: false,
  });
  return {
    page: { ...COMMON_SECURITY_HEADERS, 'Content-Security-Policy': page },
    api: { ...COMMON_SECURITY_HEADERS, 'Content-Security-Policy': API_CONTENT_SECURITY_POLICY },
  };
}
