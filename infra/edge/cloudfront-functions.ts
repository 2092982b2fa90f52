/**
 * Code of the CloudFront Functions (runtime cloudfront-js-2.0), made at synth
 * time. The site's and the images' viewer-request functions are the shared
 * rewrite (shared/rewrite.ts, the same code the local server uses) compiled by
 * esbuild to plain JavaScript and wrapped in `function handler(event) {...}`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { transformSync } from 'esbuild';
import { VIEWER_HOST_HEADER } from '../../shared/origin-headers';
import { REPO_ROOT } from '../function-bundles';

export const REWRITE_SOURCE = join(REPO_ROOT, 'shared', 'rewrite.ts');

/** shared/rewrite.ts as plain JavaScript declarations, with no module syntax left. */
export function compiledRewrite(source = readFileSync(REWRITE_SOURCE, 'utf8')): string {
  // es2017 keeps const, let, arrow functions and template literals, which cloudfront-js-2.0 supports.
  const { code } = transformSync(source, {
    loader: 'ts',
    format: 'esm',
    target: 'es2017',
    charset: 'utf8',
    legalComments: 'none',
  });
  const declarations = code.replace(/^export\s*\{[^}]*\};?\s*$/m, '').trim();
  if (/^\s*(import|export)\b|\brequire\(/m.test(declarations)) {
    throw new Error(
      'shared/rewrite.ts must stay a plain module without imports: the CloudFront Function cannot load modules',
    );
  }
  for (const name of ['rewritePath', 'imageObjectKey']) {
    if (!new RegExp(`\\bfunction ${name}\\(`).test(declarations))
      throw new Error(`shared/rewrite.ts no longer defines ${name}`);
  }
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

/** The short plain-text answers of the images function, by status. */
export const IMAGE_REFUSALS = {
  400: { statusDescription: 'Bad Request', body: 'Not an image name.' },
  404: { statusDescription: 'Not Found', body: 'No such image.' },
} as const;

/**
 * `/image/{file}` is the object `{file}` of the images bucket, and only a
 * top-level image name as shared/rewrite.ts's `imageObjectKey` allows: anything
 * else (escapes such as `%2F` or `%00`, `..`, a sub-folder such as the
 * unchecked uploads' `incoming/`) is answered 400 or 404 here and never reaches
 * the bucket.
 */
export function imagePathFunctionCode(rewrite = compiledRewrite()): string {
  return `function handler(event) {
${indent(rewrite)}

  var request = event.request;
  var found = imageObjectKey(request.uri);
  if (found.key !== undefined) {
    request.uri = '/' + found.key;
    return request;
  }
  var refusals = ${JSON.stringify(IMAGE_REFUSALS)};
  var refusal = refusals[found.status];
  return {
    statusCode: found.status,
    statusDescription: refusal.statusDescription,
    headers: { 'content-type': { value: 'text/plain; charset=utf-8' } },
    body: { encoding: 'text', data: refusal.body },
  };
}
`;
}

/**
 * The API behaviours' viewer-request function: `X-Viewer-Host` is the Host the
 * viewer asked for (the API origin is sent its own host name instead). A value
 * the viewer sent under that name is replaced, never passed on.
 */
export function viewerHostFunctionCode(): string {
  const header = VIEWER_HOST_HEADER.toLowerCase();
  return `function handler(event) {
  var request = event.request;
  var host = request.headers.host;
  delete request.headers['${header}'];
  if (host) request.headers['${header}'] = { value: host.value };
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
