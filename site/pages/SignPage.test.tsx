import { fireEvent, render, screen } from '@testing-library/react';
import { expect } from 'chai';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import SignPage, { validateSignForm } from './SignPage.tsx';

function renderPage(mode: 'signin' | 'signup') {
  const location = memoryLocation({ path: `/${mode}` });
  render(
    <Router hook={location.hook}>
      <SignPage mode={mode} />
    </Router>,
  );
}

describe('SignPage', () => {
  let calls = 0;
  const realFetch = window.fetch;
  beforeEach(() => {
    calls = 0;
    window.fetch = (...args) => {
      calls++;
      return realFetch(...args);
    };
  });
  afterEach(() => {
    window.fetch = realFetch;
  });

  it('shows field errors and sends nothing when the form is invalid', () => {
    renderPage('signup');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).to.equal('true');
    const describedBy = email.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).to.contain('valid email');
    expect(screen.getByText('Use at least 8 characters.')).to.exist;
    expect(calls).to.equal(0);
  });

  it('has one page in two modes', () => {
    renderPage('signin');
    expect(screen.getByRole('heading', { level: 1 }).textContent).to.equal(
      'Log in to your account',
    );
    expect(screen.queryByLabelText('Username (optional)')).to.equal(null);
    expect(screen.getByRole('link', { name: 'Create account' }).getAttribute('href')).to.equal(
      '/signup',
    );
  });

  it('needs 8 characters only when signing up', () => {
    const fields = { email: 'a@b.co', password: 'short', login: '' };
    expect(validateSignForm(fields, 'signin')).to.deep.equal({});
    expect(validateSignForm(fields, 'signup')).to.have.property('password');
    expect(validateSignForm({ ...fields, password: '' }, 'signin')).to.have.property('password');
  });
});
