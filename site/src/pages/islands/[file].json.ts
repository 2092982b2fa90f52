/**
 * The props of a language page's islands, one JSON file per locale named by
 * its content (`/islands/ru.<hash>.json`): the browser fetches it when an
 * island wakes, so the page itself carries no props (site/src/islands/island-props.ts).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { LOCALE_CODES, type LocaleCode } from '../../../../shared/locales';
import { islandPropsFile, islandPropsJson } from '../../islands/island-props';

export const getStaticPaths = (() =>
  LOCALE_CODES.map((code) => ({ params: { file: islandPropsFile(code) }, props: { code } }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ code: LocaleCode }> = ({ props }) =>
  new Response(islandPropsJson(props.code), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
