/**
 * The request rewrite shared by the local server and the CloudFront Function:
 * alias redirects, the staff detail shell, folder indexes; and that the module
 * runs on its own, as a CloudFront Function has to (no imports, no host APIs).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createContext, runInContext } from 'node:vm';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { DETAIL_SHELL_PATH, PERMANENT_REDIRECTS, type RewriteResult, rewritePath } from './rewrite';

const SOURCE_FILE = fileURLToPath(new URL('./rewrite.ts', import.meta.url));

describe('rewritePath', () => {
  it.each<[string, RewriteResult]>([
    ['/', { path: '/index.html' }],
    ['', { path: '/index.html' }],
    ['/KrPage', { path: '/KrPage/index.html' }],
    ['/KrPage/', { path: '/KrPage/index.html' }],
    ['/CnPage', { path: '/CnPage/index.html' }],
    ['/RuPage', { path: '/RuPage/index.html' }],
    ['/VnPage', { path: '/VnPage/index.html' }],
    ['/JpPage', { path: '/JpPage/index.html' }],
    ['/Home', { path: '/Home/index.html' }],
    ['/Home/', { path: '/Home/index.html' }],
    ['/privacy/en', { path: '/privacy/en/index.html' }],
    ['/privacy/ko/', { path: '/privacy/ko/index.html' }],
    ['/a/b/c', { path: '/a/b/c/index.html' }],
    ['/a/b.c/d', { path: '/a/b.c/d/index.html' }],
  ])('serves %j from %j', (path, expected) => {
    expect(rewritePath(path)).toEqual(expected);
  });

  it.each([
    ['/KorPage', '/KrPage'],
    ['/KorPage/', '/KrPage'],
    ['/ChPage', '/CnPage'],
    ['/ChPage/', '/CnPage'],
    ['/ViPage', '/VnPage'],
    ['/ViPage/', '/VnPage'],
  ])('redirects the old dropdown target %s to %s', (path, target) => {
    expect(rewritePath(path)).toEqual({ redirect: target });
  });

  it('has exactly the three alias redirects', () => {
    expect(PERMANENT_REDIRECTS).toEqual({ '/KorPage': '/KrPage', '/ChPage': '/CnPage', '/ViPage': '/VnPage' });
  });

  it('keeps routes case-sensitive: only the exact aliases redirect', () => {
    expect(rewritePath('/korpage')).toEqual({ path: '/korpage/index.html' });
    expect(rewritePath('/KorPage/x')).toEqual({ path: '/KorPage/x/index.html' });
    expect(rewritePath('/krpage')).toEqual({ path: '/krpage/index.html' });
  });

  it.each(['/detail/123', '/detail/123/', '/detail/abc'])('serves the one staff detail shell for %s', (path) => {
    expect(rewritePath(path)).toEqual({ path: DETAIL_SHELL_PATH });
    expect(DETAIL_SHELL_PATH).toBe('/detail/index.html');
  });

  it('does not treat deeper detail paths as the shell', () => {
    expect(rewritePath('/detail/1/2')).toEqual({ path: '/detail/1/2/index.html' });
    expect(rewritePath('/detail')).toEqual({ path: '/detail/index.html' });
  });

  it.each([
    '/_astro/x.js',
    '/_astro/client.C5RI7xnT.js',
    '/favicon.svg',
    '/robots.txt',
    '/sitemap.xml',
    '/404.html',
    '/index.html',
    '/KrPage/index.html',
  ])('leaves the file path %s unchanged', (path) => {
    expect(rewritePath(path)).toEqual({ path });
  });
});

describe('the rewrite module as a CloudFront Function', () => {
  const source = readFileSync(SOURCE_FILE, 'utf8');
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');

  it('imports and requires nothing, and touches no host API', () => {
    expect(code).not.toMatch(/^\s*import\s/m);
    expect(code).not.toMatch(/\brequire\s*\(/);
    expect(code).not.toMatch(/\bimport\s*\(/);
    for (const hostName of [
      'process',
      'globalThis',
      'window',
      'document',
      'Buffer',
      'URL',
      'fetch',
      'console',
      'setTimeout',
    ]) {
      expect(code, hostName).not.toMatch(new RegExp(`\\b${hostName}\\b`));
    }
  });

  it('runs from its compiled JavaScript in a bare context with only the language built-ins', () => {
    const { code: compiled } = transformSync(source, {
      loader: 'ts',
      format: 'iife',
      globalName: 'rewriteModule',
      target: 'es2020',
    });
    // A fresh context: ECMAScript globals only; no require, process, module, URL (and V8's console removed too).
    const context = createContext({});
    runInContext('delete globalThis.console', context);
    expect(runInContext('typeof require + typeof process + typeof module + typeof console + typeof URL', context)).toBe(
      'undefinedundefinedundefinedundefinedundefined',
    );
    runInContext(compiled, context, { filename: 'rewrite.js' });
    const run = (path: string) =>
      JSON.parse(
        runInContext(`JSON.stringify(rewriteModule.rewritePath(${JSON.stringify(path)}))`, context),
      ) as RewriteResult;
    for (const path of [
      '/',
      '/KrPage',
      '/KrPage/',
      '/Home',
      '/KorPage',
      '/ChPage',
      '/ViPage',
      '/detail/123',
      '/_astro/x.js',
      '/privacy/en',
      '/a/b/c',
    ]) {
      expect(run(path), path).toEqual(rewritePath(path));
    }
  });
});
