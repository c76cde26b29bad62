import { expect } from 'chai';
import { initialUser, loadUser, resetUser, setUser, user } from '../core/index.ts';

const PROFILE = { ...initialUser, id: 1, email: 'ann@example.com', login: 'ann' };

describe('the session in the store', () => {
  const realFetch = window.fetch;
  afterEach(() => {
    window.fetch = realFetch;
    resetUser();
  });

  it('a profile answer that arrives after a sign-out does not sign the person back in', async () => {
    setUser({ ...PROFILE }, 'token-1');
    let answer: (response: Response) => void = () => {};
    window.fetch = (() => new Promise<Response>((resolve) => (answer = resolve))) as typeof fetch;
    const loading = loadUser();
    // The person signs out while the profile is on its way (a route change reloads it).
    resetUser();
    answer(
      new Response(JSON.stringify({ status: true, user: PROFILE }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    await loading;
    expect(user.isAuth).to.equal(false);
    expect(user.email).to.equal('');
  });

  it('an answer for the session still in place is applied', async () => {
    setUser({ ...PROFILE }, 'token-1');
    window.fetch = (async () =>
      new Response(JSON.stringify({ status: true, user: { ...PROFILE, login: 'annie' } }), {
        headers: { 'content-type': 'application/json' },
      })) as typeof fetch;
    expect(await loadUser()).to.equal(true);
    expect(user.login).to.equal('annie');
  });
});
