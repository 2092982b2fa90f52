/** The public enquiry form in the shared index of features (shared/features.ts): its route; it records no access-log action and no history event (the enquiry itself is its history's start). */
import { defineFeature } from '../platform/feature-manifest';
import { INTAKE_ROUTES } from './intake-routes';

export const INTAKE_FEATURE = defineFeature({ routes: INTAKE_ROUTES, auditActions: {}, historyKinds: [] });
