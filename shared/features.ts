/**
 * The shared index of features: each shared feature folder's manifest
 * (`<name>-feature.ts`; platform/feature-manifest.ts says what one declares), in the
 * route table's order. The route table (routes.ts), the access log's actions
 * (audit-actions.ts) and the history's kinds (history-kinds.ts) are read
 * off it. Adding a feature is its folder and its line here (an import and an
 * entry); no manifest may import this file.
 */
import { ACCOUNT_FEATURE, SIGN_IN_FEATURE } from './accounts/account-feature';
import { CONVERSATION_FEATURE } from './conversation/conversation-feature';
import { DASHBOARD_FEATURE } from './dashboard/dashboard-feature';
import { ENQUIRY_FEATURE } from './enquiries/enquiry-feature';
import { EXPORT_FEATURE } from './exports/export-feature';
import type { FeatureManifest } from './platform/feature-manifest';
import { INTAKE_FEATURE } from './intake/intake-feature';
import { MERGING_FEATURE } from './merging/merging-feature';
import { PACKAGE_FEATURE } from './packages/package-feature';
import { PRIVACY_FEATURE } from './privacy/privacy-feature';
import { SPAM_FEATURE } from './spam/spam-feature';
import { TAG_FEATURE } from './tags/tag-feature';
import { TRANSLATION_FEATURE } from './translation/translation-feature';
import { VISITOR_FEATURE } from './visitor/visitor-feature';
import { WORK_FEATURE } from './work/work-feature';

/** Every shared feature's manifest, in the order the route table takes their routes (the order the local server and the stack take them in). */
export const SHARED_FEATURES = [
  INTAKE_FEATURE,
  SIGN_IN_FEATURE,
  PACKAGE_FEATURE,
  ENQUIRY_FEATURE,
  MERGING_FEATURE,
  SPAM_FEATURE,
  EXPORT_FEATURE,
  WORK_FEATURE,
  TAG_FEATURE,
  TRANSLATION_FEATURE,
  DASHBOARD_FEATURE,
  PRIVACY_FEATURE,
  VISITOR_FEATURE,
  CONVERSATION_FEATURE,
  ACCOUNT_FEATURE,
] as const satisfies readonly FeatureManifest[];

/** One of the manifests, as written (the union the route names, actions and kinds are read off). */
export type SharedFeature = (typeof SHARED_FEATURES)[number];
