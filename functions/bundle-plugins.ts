/**
 * esbuild plugins of the Lambda bundles (functions/bundling.ts).
 */
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';

/** A client's generated schema module: `@aws-sdk/client-<service>/dist-es/schemas/schemas_<n>.js`. */
const SDK_SCHEMA_MODULE = /[\\/]@aws-sdk[\\/]client-[^\\/]+[\\/]dist-es[\\/]schemas[\\/]schemas_\d+\.js$/;

/** `const _h = "http";`: the short names the generated code gives its strings. */
const STRING_CONSTANT = /^const (_[A-Za-z0-9]+) = ("[^"\\\n]*");$/gm;
const COMPUTED_KEY = /\[(_[A-Za-z0-9]+)\]:/g;

/**
 * Writes the generated schema modules' computed keys as the plain keys they
 * stand for (`{ [_h]: ... }` becomes `{ "http": ... }`), so esbuild can drop
 * the schemas of the commands a function never sends.
 *
 * The SDK's generated schemas write every trait key as a computed key naming
 * a string constant. esbuild cannot tell that such a key has no side effect
 * (a computed key may call `toString`), so it keeps every operation schema,
 * and with each the request and response shapes it points to: every command
 * of the service, 48 KiB minified of SES, 68 KiB of S3. This is the
 * SDK's known issue aws/aws-sdk-js-v3#7607; smithy-lang/smithy-typescript#1889
 * makes the generator write plain keys, and then this plugin finds nothing
 * to change. Only keys naming a string constant of the same module change,
 * so the values are the same objects either way.
 */
export function sdkSchemaPlainKeys(): Plugin {
  return {
    name: 'sdk-schema-plain-keys',
    setup(build) {
      build.onLoad({ filter: SDK_SCHEMA_MODULE }, async ({ path }) => {
        const source = await readFile(path, 'utf8');
        const strings = new Map<string, string>();
        for (const [, name, literal] of source.matchAll(STRING_CONSTANT)) strings.set(name!, literal!);
        const contents = source.replace(COMPUTED_KEY, (key, name: string) => (strings.has(name) ? `${strings.get(name)}:` : key));
        return { contents, loader: 'js' };
      });
    },
  };
}

/** A client's own manifest, which its runtime configuration imports whole. */
const SDK_CLIENT_MANIFEST = /[\\/]@aws-sdk[\\/]client-[^\\/]+[\\/]package\.json$/;

/**
 * Keeps only the version of an SDK client's package.json, the one field the
 * client reads (for its user agent); esbuild would otherwise bundle the whole
 * manifest, scripts and dependency lists included (about 2 KiB per client).
 */
export function sdkManifestVersionOnly(): Plugin {
  return {
    name: 'sdk-manifest-version-only',
    setup(build) {
      build.onLoad({ filter: SDK_CLIENT_MANIFEST }, async ({ path }) => {
        const { version } = JSON.parse(await readFile(path, 'utf8')) as { version: string };
        return { contents: JSON.stringify({ version }), loader: 'json' };
      });
    },
  };
}
