import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  IMAGE_REFUSALS,
  compiledRewrite,
  imagePathFunctionCode,
  siteRewriteFunctionCode,
  viewerHostFunctionCode,
} from '../../infra/edge/cloudfront-functions';
import { VIEWER_HOST_HEADER } from '../../shared/origin-headers';
import { imageObjectKey, rewritePath } from '../../shared/rewrite';

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
  body?: { encoding: string; data: string };
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

function viewerRequest(
  uri: string,
  querystring: Record<string, QueryValue> = {},
  headers: CloudFrontRequest['headers'] = { host: { value: 'd111111abcdef8.cloudfront.net' } },
) {
  return {
    version: '1.0',
    context: {
      distributionDomainName: 'd111111abcdef8.cloudfront.net',
      distributionId: 'EDFDVBD6EXAMPLE',
      eventType: 'viewer-request',
      requestId: 'test',
    },
    viewer: { ip: '198.51.100.7' },
    request: { method: 'GET', uri, querystring, headers, cookies: {} },
  };
}

const site = load(siteRewriteFunctionCode());

const isResponse = (result: CloudFrontRequest | CloudFrontResponse): result is CloudFrontResponse =>
  'statusCode' in result;

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
    expect(
      redirectOf('/ChPage', { a: { value: '1', multiValue: [{ value: '1' }, { value: '2' }] }, b: { value: '' } }),
    ).toEqual({
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
    for (const path of [
      '/KorPage',
      '/ChPage',
      '/ViPage',
      '/Home',
      '/detail/7',
      '/KrPage',
      '/',
      '/x/y.css',
      '/a/b/',
      '/detail/7/extra',
    ]) {
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
    expect(() =>
      compiledRewrite(
        "import { x } from './x';\nexport function rewritePath(path: string) { return { path: x + path }; }",
      ),
    ).toThrow(/without imports/);
  });
});

describe('the /image/* CloudFront Function (shared/rewrite.ts imageObjectKey compiled in)', () => {
  const image = load(imagePathFunctionCode());

  const answerOf = (uri: string) => {
    const result = image(viewerRequest(uri));
    return isResponse(result)
      ? { status: result.statusCode, type: result.headers['content-type']?.value, body: result.body }
      : { uri: result.uri };
  };

  it('maps /image/{file} to the top-level object {file} of the images bucket', () => {
    expect(answerOf('/image/abc.webp')).toEqual({ uri: '/abc.webp' });
    expect(answerOf('/image/best-1-checkup.webp')).toEqual({ uri: '/best-1-checkup.webp' });
    expect(answerOf('/image/0b6f8e1c-4d2a-4f3e-9a7b-2c1d0e9f8a7b.jpg')).toEqual({
      uri: '/0b6f8e1c-4d2a-4f3e-9a7b-2c1d0e9f8a7b.jpg',
    });
  });

  it('answers escapes, traversal, other folders and the unchecked uploads 400 itself, with a short plain body', () => {
    for (const uri of [
      '/image/zz%2F..%2Fx',
      '/image/..%2Fmt-exports%2Fx',
      '/image/a%00b.png',
      '/image/incoming/x.png',
      '/image/a/b.png',
      '/image/..png',
      '/image/.hidden',
    ]) {
      expect(answerOf(uri), uri).toEqual({
        status: 400,
        type: 'text/plain; charset=utf-8',
        body: { encoding: 'text', data: IMAGE_REFUSALS[400].body },
      });
    }
  });

  it('answers a bare /image/ 404 itself', () => {
    expect(answerOf('/image/')).toEqual({
      status: 404,
      type: 'text/plain; charset=utf-8',
      body: { encoding: 'text', data: IMAGE_REFUSALS[404].body },
    });
  });

  it('decides exactly as the shared imageObjectKey the local server uses', () => {
    const uris = [
      '/image/a.png',
      '/image/',
      '/image/incoming/x.png',
      '/image/%2e%2e%2fx',
      '/image/' + 'a'.repeat(201),
      '/image/a b.png',
      '/image/x.png?y',
      '/other/x.png',
    ];
    for (const uri of uris) {
      const expected = imageObjectKey(uri);
      const result = image(viewerRequest(uri));
      if ('key' in expected) expect(!isResponse(result) && result.uri, uri).toBe(`/${expected.key}`);
      else expect(isResponse(result) && result.statusCode, uri).toBe(expected.status);
    }
  });

  it("is one handler with no module syntax, within CloudFront's size limit", () => {
    const code = imagePathFunctionCode();
    expect(code.startsWith('function handler(event) {')).toBe(true);
    expect(code).toContain('function imageObjectKey(uri)');
    expect(code).not.toMatch(/\b(import|export|require|class)\b|\?\.|\?\?/);
    expect(code.length).toBeLessThan(10 * 1024);
  });
});

describe("the API behaviours' CloudFront Function (X-Viewer-Host)", () => {
  const viewerHost = load(viewerHostFunctionCode());
  const header = VIEWER_HOST_HEADER.toLowerCase();

  const forwarded = (headers: CloudFrontRequest['headers']) => {
    const result = viewerHost(viewerRequest('/api/sendmail', {}, headers));
    if (isResponse(result)) throw new Error('The request was answered');
    return result;
  };

  it('sets X-Viewer-Host to the Host the viewer asked for, and leaves the request alone otherwise', () => {
    const result = forwarded({ host: { value: 'www.example.com' }, origin: { value: 'https://www.example.com' } });
    expect(result.headers[header]).toEqual({ value: 'www.example.com' });
    expect(result.headers.host).toEqual({ value: 'www.example.com' });
    expect(result.headers.origin).toEqual({ value: 'https://www.example.com' });
    expect(result.uri).toBe('/api/sendmail');
  });

  it('overwrites any X-Viewer-Host the viewer sent, one value or several', () => {
    expect(
      forwarded({ host: { value: 'www.example.com' }, [header]: { value: 'evil.example' } }).headers[header],
    ).toEqual({ value: 'www.example.com' });
    const several = forwarded({
      host: { value: 'www.example.com' },
      [header]: { value: 'a.example', multiValue: [{ value: 'a.example' }, { value: 'b.example' }] } as {
        value: string;
      },
    });
    expect(several.headers[header]).toEqual({ value: 'www.example.com' });
  });

  it("drops a viewer's X-Viewer-Host when there is no Host to put there", () => {
    expect(forwarded({ [header]: { value: 'evil.example' } }).headers[header]).toBeUndefined();
  });
});
