/** The BEST 3 packages in the shared index of features (shared/features.ts): their routes and what the editor records. */
import { defineFeature } from '../platform/feature-manifest';
import { PACKAGE_ROUTES } from './package-routes';

export const PACKAGE_FEATURE = defineFeature({
  routes: PACKAGE_ROUTES,
  auditActions: {
    'package.edit': 'BEST 3 수정',
    'package.popup': '팝업 이미지 수정',
    'upload.presign': '이미지 업로드',
  },
  historyKinds: [],
});
