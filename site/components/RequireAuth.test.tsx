import { render, screen } from '@testing-library/react';
import { expect } from 'chai';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { initialUser, user } from '../../core/index.ts';
import { RequireAuth } from './RequireAuth.tsx';

function renderAt(path: string) {
  const location = memoryLocation({ path: '/', record: true });
  location.navigate(path);
  render(
    <Router hook={location.hook}>
      <Switch>
        <Route path="/signup">Sign-up page</Route>
        <Route path="/account">
          <RequireAuth>Account page</RequireAuth>
        </Route>
      </Switch>
    </Router>,
  );
  return location;
}

describe('RequireAuth', () => {
  afterEach(() => Object.assign(user, initialUser));

  it('sends a visitor to /signup, replacing the history entry', async () => {
    Object.assign(user, { isLoaded: true, isAuth: false });
    const location = renderAt('/account');
    expect(await screen.findByText('Sign-up page')).to.exist;
    expect(location.history).to.deep.equal(['/', '/signup']);
  });

  it('shows the page to a signed-in user', () => {
    Object.assign(user, { isLoaded: true, isAuth: true, email: 'a@b.co' });
    const location = renderAt('/account');
    expect(screen.getByText('Account page')).to.exist;
    expect(location.history).to.deep.equal(['/', '/account']);
  });
});
