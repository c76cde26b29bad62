/**
 * The route table (spec §2). Pages load lazily so the home page does not download account code;
 * every route renders inside its own error boundary, and only once the profile has loaded.
 */
import { lazy, type ReactNode, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { Route, Switch } from 'wouter';
import { user } from '../core/index.ts';
import { Loader } from './components/Loader.tsx';
import { RequireAuth } from './components/RequireAuth.tsx';
import { RouteErrorBoundary } from './components/RouteErrorBoundary.tsx';

const HomePage = lazy(() => import('./pages/HomePage.tsx'));
const SignPage = lazy(() => import('./pages/SignPage.tsx'));
const AccountOverview = lazy(() => import('./pages/AccountOverview.tsx'));
const LogoutPage = lazy(() => import('./pages/LogoutPage.tsx'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage.tsx'));

function page(content: ReactNode) {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<Loader label="Loading page" />}>{content}</Suspense>
    </RouteErrorBoundary>
  );
}

/** Every registered route, and the not-found page for the rest. */
export function Routes() {
  const { isLoaded } = useSnapshot(user);
  if (!isLoaded) return <Loader label="Loading your profile" />;
  return (
    <Switch>
      <Route path="/">{page(<HomePage />)}</Route>
      <Route path="/signin">{page(<SignPage mode="signin" />)}</Route>
      <Route path="/signup">{page(<SignPage mode="signup" />)}</Route>
      <Route path="/account/logout">{page(<LogoutPage />)}</Route>
      <Route path="/account">{page(<RequireAuth>{<AccountOverview />}</RequireAuth>)}</Route>
      <Route path="/account/overview">
        {page(<RequireAuth>{<AccountOverview />}</RequireAuth>)}
      </Route>
      <Route path="/account/*">{page(<RequireAuth>{<NotFoundPage />}</RequireAuth>)}</Route>
      <Route>{page(<NotFoundPage />)}</Route>
    </Switch>
  );
}
