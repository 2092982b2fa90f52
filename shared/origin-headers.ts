/**
 * Headers CloudFront and the API agree on, named once: the CDN adds the first
 * (with a secret value only it knows) and forwards the second; the API trusts
 * the visitor address in the second only when the first is right.
 */
export const ORIGIN_VERIFY_HEADER = 'X-Origin-Verify';
export const VIEWER_ADDRESS_HEADER = 'CloudFront-Viewer-Address';
