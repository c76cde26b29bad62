/**
 * `legal/*`: `/legal/<policy route>` shows that policy, so old and partner
 * links keep working; anything else is the not-found page.
 */
import { lazy } from 'react';
import { POLICY_TYPES } from '../navigation.ts';
import { safeDecode } from '../safeDecode.ts';

const ContentPage = lazy(() => import('./ContentPage.tsx'));
const NotFoundPage = lazy(() => import('./NotFoundPage.tsx'));

/** The page for the splat's first segment. */
export default function LegalPage({ splat }: { splat: string }) {
  const first = safeDecode(splat.split('/')[0] ?? '').toLowerCase();
  const type = POLICY_TYPES[first] ?? POLICY_TYPES[`${first}-policy`];
  return type ? <ContentPage type={type} /> : <NotFoundPage />;
}
