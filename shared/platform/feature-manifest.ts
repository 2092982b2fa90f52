/**
 * What a shared feature folder declares about itself, once, in its manifest
 * (`shared/<feature>/<name>-feature.ts`): its routes in the API route table,
 * the access-log actions its functions record, with their back-office names,
 * and the kinds of history event they write in an enquiry's thread. The
 * shared index of features (features.ts) lists the manifests, and the route
 * table (routes.ts), the access log's actions (audit-actions.ts) and the
 * history's kinds (history-kinds.ts) are read off it, so none of them
 * names a feature. A manifest imports none of those four (that would be a
 * circle): only its feature's own lists.
 */
import type { RouteContract } from './route-contract';

export interface FeatureManifest {
  /** Its entries in the route table (its `*-routes.ts`), which takes them in the index's order. */
  routes: readonly RouteContract[];
  /**
   * Every action its functions record in the access log, with its Korean name
   * (the access-log page's filter shows it). The part before the first dot is
   * the action's group (`enquiry.`, `account.`), which the filter offers as one.
   */
  auditActions: Readonly<Record<`${string}.${string}`, string>>;
  /** The kinds of history event (`ThreadEntry.type`) its functions write; the back office says how each reads (site/src/staff/history-kinds.ts). */
  historyKinds: readonly string[];
}

/** A feature's manifest, checked against the shape with every name kept as written (the index's types are read off them). */
export function defineFeature<const Manifest extends FeatureManifest>(manifest: Manifest): Manifest {
  return manifest;
}
