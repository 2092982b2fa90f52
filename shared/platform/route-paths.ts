/**
 * Route paths as the route table writes them (`/api/detail/{index}`) against
 * request paths: a match with its path parameters, each percent-decoded.
 */

/** Matches a request path against a route path, returning its path parameters. */
export function matchRoutePath(routePath: string, requestPath: string): Record<string, string> | undefined {
  const routeParts = routePath.split('/');
  const requestParts = requestPath.split('/');
  if (routeParts.length !== requestParts.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of routeParts.entries()) {
    const actual = requestParts[i] ?? '';
    const param = /^\{(\w+)\}$/.exec(part);
    if (param?.[1]) {
      const value = safeDecode(actual);
      if (!value) return undefined;
      params[param[1]] = value;
    } else if (part !== actual) {
      return undefined;
    }
  }
  return params;
}

/** A percent-decoded path segment, or `undefined` for a malformed escape such as `%` alone. */
export function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
