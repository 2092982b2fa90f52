import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { compiledRewrite, imagePathFunctionCode, siteRewriteFunctionCode } from '../../infra/cloudfront-functions';
import { rewritePath } from '../../shared/rewrite';

interface QueryValue {
  value: string;
  multiValue?: { value: string }[];
}

interface CloudFrontRequest {
  method: string;
  uri: string;
  querystring: Record<string, QueryValue>;
  headers: Record<string, { value: string }>;
  cookies: Record<string, { value: string }>;
}

interface CloudFrontResponse {
  statusCode: number;
  statusDescription?: string;
  headers: Record<string, { value: string }>;
}

type Handler = (event: unknown) => CloudFrontRequest | CloudFrontResponse;

/**
 * Loads function code as CloudFront would: a script whose `handler` is called
 * with the event. The sandbox has no Node globals (no require, process,
 * console, Buffer), so code that leans on them fails here too.
 */
function load(code: string): Handler {
  return runInNewContext(`${code}\nhandler;`, Object.create(null), { filename: 'cloudfront-function.js' }) as Handler;
}

function viewerRequest(uri: string, querystring: Record<string, QueryValue> = {}) {
  return {
    version: '1.0',
    context: { distributionDomainName: 'd111111abcdef8.cloudfront.net', distributionId: 'EDFDVBD6EXAMPLE', eventType: 'viewer-request', requestId: 'test' },
    viewer: { ip: '198.51.100.7' },
    request: { method: 'GET', uri, querystring, headers: { host: { value: 'd111111abcdef8.cloudfront.net' } }, cookies: {} },
  };
}

const site = load(siteRewriteFunctionCode());

const isResponse = (result: CloudFrontRequest | CloudFrontResponse): result is CloudFrontResponse => 'statusCode' in result;

function redirectOf(uri: string, querystring: Record<string, QueryValue> = {}) {
  const result = site(viewerRequest(uri, querystring));
  if (!isResponse(result)) throw new Error(`${uri} was not redirected`);
  return { status: result.statusCode, location: result.headers.location?.value };
}

function rewrittenUri(uri: string): string {
  const result = site(viewerRequest(uri));
  if (isResponse(result)) throw new Error(`${uri} was answered ${result.statusCode}`);
  return result.uri;
}

describe('the site CloudFront Function (shared/rewrite.ts compiled for cloudfront-js-2.0)', () => {
  it('answers the old dropdown targets with 301 to their canonical pages', () => {
    expect(redirectOf('/KorPage')).toEqual({ status: 301, location: '/KrPage' });
    expect(redirectOf('/ViPage')).toEqual({ status: 301, location: '/VnPage' });
    expect(redirectOf('/KorPage/')).toEqual({ status: 301, location: '/KrPage' });
  });

  it('keeps the query string on a redirect', () => {
    expect(redirectOf('/ChPage', { x: { value: '1' } })).toEqual({ status: 301, location: '/CnPage?x=1' });
    expect(redirectOf('/ChPage', { a: { value: '1', multiValue: [{ value: '1' }, { value: '2' }] }, b: { value: '' } })).toEqual({
      status: 301,
      location: '/CnPage?a=1&a=2&b',
    });
  });

  it('serves /Home, the language pages and / from their index.html', () => {
    expect(rewrittenUri('/Home')).toBe('/Home/index.html');
    expect(rewrittenUri('/KrPage')).toBe('/KrPage/index.html');
    expect(rewrittenUri('/KrPage/')).toBe('/KrPage/index.html');
    expect(rewrittenUri('/')).toBe('/index.html');
    expect(rewrittenUri('/privacy/en')).toBe('/privacy/en/index.html');
  });

  it('serves every /detail/{index} from the one detail shell', () => {
    expect(rewrittenUri('/detail/123')).toBe('/detail/index.html');
    expect(rewrittenUri('/detail/123/')).toBe('/detail/index.html');
  });

  it('leaves files alone', () => {
    expect(rewrittenUri('/_astro/client.C5RI7xnT.js')).toBe('/_astro/client.C5RI7xnT.js');
    expect(rewrittenUri('/favicon.svg')).toBe('/favicon.svg');
  });

  it('decides exactly as the shared rewrite the local server uses', () => {
    for (const path of ['/KorPage', '/ChPage', '/ViPage', '/Home', '/detail/7', '/KrPage', '/', '/x/y.css', '/a/b/', '/detail/7/extra']) {
      const expected = rewritePath(path);
      const result = site(viewerRequest(path));
      if (expected.redirect) expect(isResponse(result) && result.headers.location?.value).toBe(expected.redirect);
      else expect(!isResponse(result) && result.uri).toBe(expected.path);
    }
  });

  it('is one handler function with the compiled rewrite inside and no module syntax', () => {
    const code = siteRewriteFunctionCode();
    expect(code.startsWith('function handler(event) {')).toBe(true);
    expect(code).toContain('function rewritePath(path)');
    for (const line of compiledRewrite().split('\n')) expect(code).toContain(line);
    // Outside the cloudfront-js-2.0 subset: modules, classes, optional chaining, nullish coalescing.
    expect(code).not.toMatch(/\b(import|export|require|class)\b|\?\.|\?\?/);
    expect(code.length).toBeLessThan(10 * 1024);
  });

  it('refuses a rewrite module that imports something', () => {
    expect(() => compiledRewrite("import { x } from './x';\nexport function rewritePath(path: string) { return { path: x + path }; }")).toThrow(/without imports/);
  });
});

describe('the /image/* CloudFront Function', () => {
  const image = load(imagePathFunctionCode());

  it('maps /image/{file} to the object {file} of the images bucket', () => {
    expect((image(viewerRequest('/image/abc.webp')) as CloudFrontRequest).uri).toBe('/abc.webp');
    expect((image(viewerRequest('/image/best-1-checkup.webp')) as CloudFrontRequest).uri).toBe('/best-1-checkup.webp');
  });
});
