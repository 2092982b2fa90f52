/**
 * Code of the CloudFront Functions (runtime cloudfront-js-2.0), made at synth
 * time. The site's viewer-request function is the shared rewrite
 * (shared/rewrite.ts, the same function the local server uses) compiled by
 * esbuild to plain JavaScript and wrapped in `function handler(event) {...}`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { transformSync } from 'esbuild';
import { REPO_ROOT } from './constructs/route-function';

export const REWRITE_SOURCE = join(REPO_ROOT, 'shared', 'rewrite.ts');

/** shared/rewrite.ts as plain JavaScript declarations, with no module syntax left. */
export function compiledRewrite(source = readFileSync(REWRITE_SOURCE, 'utf8')): string {
  // es2017 keeps const, let, arrow functions and template literals, which cloudfront-js-2.0 supports.
  const { code } = transformSync(source, { loader: 'ts', format: 'esm', target: 'es2017', charset: 'utf8', legalComments: 'none' });
  const declarations = code.replace(/^export\s*\{[^}]*\};?\s*$/m, '').trim();
  if (/^\s*(import|export)\b|\brequire\(/m.test(declarations)) {
    throw new Error('shared/rewrite.ts must stay a plain module without imports: the CloudFront Function cannot load modules');
  }
  if (!/\bfunction rewritePath\(/.test(declarations)) throw new Error('shared/rewrite.ts no longer defines rewritePath');
  return declarations;
}

/**
 * The site's viewer-request handler: a permanent redirect (301, the query
 * string kept) for the old page aliases, otherwise the request with its URI
 * rewritten to the object to serve (`/KrPage` -> `/KrPage/index.html`,
 * `/detail/7` -> `/detail/index.html`).
 */
export function siteRewriteFunctionCode(rewrite = compiledRewrite()): string {
  return `function handler(event) {
${indent(rewrite)}

  function queryString(querystring) {
    var parts = [];
    for (var name in querystring) {
      var entry = querystring[name];
      var values = entry.multiValue ? entry.multiValue : [entry];
      for (var i = 0; i < values.length; i++) {
        parts.push(values[i].value === '' ? name : name + '=' + values[i].value);
      }
    }
    return parts.length > 0 ? '?' + parts.join('&') : '';
  }

  var request = event.request;
  var result = rewritePath(request.uri);
  if (result.redirect) {
    return {
      statusCode: 301,
      statusDescription: 'Moved Permanently',
      headers: {
        location: { value: result.redirect + queryString(request.querystring) },
        'cache-control': { value: REDIRECT_CACHE_CONTROL },
      },
    };
  }
  if (result.path) request.uri = result.path;
  return request;
}
`;
}

/** `/image/{file}` on the site origin is the object `{file}` in the images bucket. */
export function imagePathFunctionCode(): string {
  return `function handler(event) {
  var request = event.request;
  request.uri = request.uri.replace(/^\\/image(?=\\/)/, '');
  return request;
}
`;
}

function indent(code: string): string {
  return code
    .split('\n')
    .map((line) => (line ? `  ${line}` : line))
    .join('\n');
}
