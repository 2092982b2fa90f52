/**
 * Mounts the visitor's page island (site/src/islands/visitor/VisitorPage.tsx)
 * in the browser: the page's HTML holds no personal data, only the words to
 * show it with (its element's `data-props`); what the link opens is read
 * from the API.
 */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import VisitorPage from '../islands/visitor/VisitorPage';
import { VISITOR_ROOT_ID, type VisitorPageProps } from '../islands/visitor/types';

const root = document.getElementById(VISITOR_ROOT_ID);
if (root?.dataset['props'])
  createRoot(root).render(createElement(VisitorPage, JSON.parse(root.dataset['props']) as VisitorPageProps));
