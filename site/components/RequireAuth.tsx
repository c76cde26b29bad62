/** Guards the account area: visitors are redirected, replacing history, to /signup. */
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { Redirect } from 'wouter';
import { user } from '../../core/index.ts';

/** Renders its children for a signed-in user, otherwise redirects to /signup. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuth } = useSnapshot(user);
  return isAuth ? children : <Redirect to="/signup" replace />;
}
