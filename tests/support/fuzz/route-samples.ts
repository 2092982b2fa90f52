/**
 * One valid request per API route, from each feature's `*fuzz-samples.ts`
 * (any under functions/ but the platform's, which says what a sample is),
 * which the fuzzer spoils one field at a time. The files are found on disk,
 * so a new feature's samples need no line here; and since a route without a
 * sample would escape the fuzzing, `routeSamples` throws naming a route of
 * the table that has none, or two. Found by reading the folder rather than by
 * Vite's `import.meta.glob`, which only Vite expands: the load run
 * (bench/load.ts) imports this under tsx.
 */
import { readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ROUTE_NAMES, type RouteName } from '../../../shared/routes';
import type { RouteSample, SampleContext } from '../../../functions/platform/fuzz-samples';

export type { RouteSample, SampleContext };

const FUNCTIONS = fileURLToPath(new URL('../../../functions/', import.meta.url));

/** A feature's sample file, by its path under functions/, and the samples it makes. */
export interface SampleFile {
  file: string;
  fuzzSamples(context: SampleContext): Record<string, RouteSample>;
}

/** Every feature's sample file under functions/, in path order. */
async function sampleFiles(): Promise<SampleFile[]> {
  const files = readdirSync(FUNCTIONS, { recursive: true, encoding: 'utf8' })
    .map((path) => path.split(sep).join('/'))
    .filter((path) => path.endsWith('fuzz-samples.ts') && !path.startsWith('platform/'))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const { fuzzSamples } = (await import(pathToFileURL(join(FUNCTIONS, file)).href)) as Partial<SampleFile>;
      if (typeof fuzzSamples !== 'function') throw new Error(`functions/${file} exports no fuzzSamples`);
      return { file, fuzzSamples };
    }),
  );
}

const SAMPLE_FILES = await sampleFiles();

/** The one sample of each route, from the files' samples; throws naming each route with none or with more than one, and each sample for no route. */
export function samplesByRoute(
  routeNames: readonly string[],
  files: readonly { file: string; samples: Record<string, RouteSample> }[],
): Record<string, RouteSample> {
  const found = new Map<string, { files: string[]; sample: RouteSample }>();
  for (const { file, samples } of files)
    for (const [route, sample] of Object.entries(samples))
      found.set(route, { files: [...(found.get(route)?.files ?? []), file], sample });
  const problems = [
    ...routeNames.filter((route) => !found.has(route)).map((route) => `route ${route} has no sample`),
    ...[...found]
      .filter(([, { files: from }]) => from.length > 1)
      .map(([route, { files: from }]) => `route ${route} has a sample in each of ${from.join(', ')}`),
    ...[...found]
      .filter(([route]) => !routeNames.includes(route))
      .map(([route, { files: from }]) => `${from.join(', ')} has a sample for ${route}, which is no route`),
  ];
  if (problems.length) throw new Error(`Every route needs exactly one fuzz sample: ${problems.join('; ')}`);
  return Object.fromEntries([...found].map(([route, { sample }]) => [route, sample]));
}

export function routeSamples(context: SampleContext): Record<RouteName, RouteSample> {
  return samplesByRoute(
    ROUTE_NAMES,
    SAMPLE_FILES.map(({ file, fuzzSamples }) => ({ file: `functions/${file}`, samples: fuzzSamples(context) })),
  ) as Record<RouteName, RouteSample>;
}
