/**
 * The routes of the BEST 3 packages in the API route table (shared/routes.ts,
 * through the feature's manifest): the public board, and the
 * staff editor with its images (editors).
 */
import { defineRoutes } from '../platform/route-contract';

export const PACKAGE_ROUTES = defineRoutes([
  {
    name: 'amendBest',
    method: 'GET',
    path: '/api/amendBest',
    access: 'public',
    uses: { tables: { packages: 'read' } },
  },
  {
    name: 'fileupload',
    method: 'POST',
    path: '/api/fileupload',
    access: 'staff',
    roles: ['editor'],
    uses: { buckets: { images: 'write' } },
  },
  {
    name: 'modalinput',
    method: 'POST',
    path: '/api/modalinput',
    access: 'staff',
    roles: ['editor'],
    uses: { tables: { packages: 'readWrite' }, buckets: { images: 'readWrite' } },
  },
  {
    name: 'popupinput',
    method: 'POST',
    path: '/api/popupinput',
    access: 'staff',
    roles: ['editor'],
    uses: { tables: { packages: 'readWrite' }, buckets: { images: 'readWrite' } },
  },
]);
