import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { sendKeys } from '@web/test-runner-commands';
import { expect } from 'chai';
import { type FailureReply, failureOf } from '../../../core/errors/index.ts';
import {
  initialUser,
  initialVerification,
  type KycApplication,
  setUser,
  user,
  verification,
} from '../../../core/index.ts';
import VerificationPage from './VerificationPage.tsx';

type Body = Record<string, unknown>;

const EMPTY: KycApplication = {
  firstName: '',
  lastName: '',
  countryId: 0,
  city: '',
  address: '',
  dateOfBirth: '',
  phone: '',
  zipCode: '',
  idType: '',
  idNumber: '',
  status: 'draft',
  currentStep: 0,
  front: null,
  back: null,
  selfie: null,
  submittedAt: null,
  reason: null,
};

const PROFILE = { ...initialUser, id: 7, email: 'ada@example.com', login: 'ada' };

const LIMITS = {
  verified: false,
  dailyUsd: 1000,
  unverifiedDailyUsd: 1000,
  verifiedDailyUsd: 50000,
};

/**
 * The API as the page meets it: a draft kept between calls as the server keeps it, saved
 * fields merged in, and `refuse` answering saveDraft with the server's refusal instead.
 */
function fakeApi(state: { application: KycApplication; refuse?: FailureReply }) {
  const sent: Body[] = [];
  const answer = (body: Body): Body => {
    const { method, token: _token, subId: _subId, ...params } = body;
    if (method === 'users.getInfo') {
      const { status } = state.application;
      return {
        status: true,
        user: {
          ...PROFILE,
          isKycPending: status === 'pending',
          isVerified: status === 'approved',
          kycStatusId: ['draft', 'pending', 'approved', 'rejected'].indexOf(status),
        },
        config: { socials: {}, live: { is_enabled: false } },
      };
    }
    if (method === 'kyc.getMine') {
      return { status: true, application: state.application, limits: LIMITS };
    }
    if (method === 'kyc.saveDraft') {
      if (state.refuse) return { ...state.refuse };
      state.application = { ...state.application, ...(params as Partial<KycApplication>) };
      return { status: true, application: state.application };
    }
    if (method === 'kyc.submit') {
      state.application = {
        ...state.application,
        status: 'pending',
        submittedAt: '2026-11-23T10:00:00.000Z',
      };
      return { status: true, application: state.application };
    }
    return { status: false, error_msg: `Unexpected ${String(method)}` };
  };
  const fetch = async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as Body;
    sent.push(body);
    return new Response(JSON.stringify(answer(body)), {
      headers: { 'content-type': 'application/json' },
    });
  };
  return { sent, fetch: fetch as typeof window.fetch };
}

const saves = (sent: Body[]) =>
  sent
    .filter((body) => body.method === 'kyc.saveDraft')
    .map(({ method: _m, token: _t, subId: _s, ...params }) => params);

describe('VerificationPage', () => {
  const realFetch = window.fetch;
  let api: ReturnType<typeof fakeApi>;

  const serve = (application: KycApplication, refuse?: FailureReply) => {
    api = fakeApi({ application, ...(refuse ? { refuse } : {}) });
    window.fetch = api.fetch;
  };

  beforeEach(() => {
    setUser({ ...PROFILE });
    Object.assign(verification, initialVerification);
  });
  afterEach(() => {
    cleanup();
    window.fetch = realFetch;
    Object.assign(user, initialUser);
  });

  it('checks the first step, ties each error to its field, then saves it and moves on', async () => {
    serve(EMPTY);
    render(<VerificationPage />);
    await screen.findByRole('heading', { name: 'Step 1 of 4: Personal details' });
    screen.getByRole('button', { name: 'Save and continue' }).click();
    const first = screen.getByLabelText('First name');
    await waitFor(() => expect(document.activeElement).to.equal(first));
    expect(first.getAttribute('aria-invalid')).to.equal('true');
    const describedBy = first.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).to.equal('First name is required.');
    expect(saves(api.sent)).to.deep.equal([]);

    // Typed with real key presses; Enter submits the step.
    await sendKeys({ type: 'Ada' });
    screen.getByLabelText('Last name').focus();
    await sendKeys({ type: 'Lovelace' });
    const birth = screen.getByLabelText('Date of birth');
    const underAge = new Date();
    underAge.setUTCFullYear(underAge.getUTCFullYear() - 16);
    fireEvent.change(birth, { target: { value: underAge.toISOString().slice(0, 10) } });
    screen.getByLabelText('Last name').focus();
    await sendKeys({ press: 'Enter' });
    await screen.findByText('Date of birth: you must be at least 18 years old to verify.');
    expect(birth.getAttribute('aria-invalid')).to.equal('true');
    expect(saves(api.sent)).to.deep.equal([]);

    fireEvent.change(birth, { target: { value: '1990-12-10' } });
    screen.getByLabelText('Last name').focus();
    await sendKeys({ press: 'Enter' });
    await screen.findByRole('heading', { name: 'Step 2 of 4: Address' });
    expect(saves(api.sent)).to.deep.equal([
      { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-12-10', currentStep: 1 },
    ]);
    const progress = screen.getByRole('list', { name: 'Progress' });
    expect(progress.querySelector('[aria-current="step"]')?.textContent).to.equal('Address');
  });

  it('resumes a saved draft at the step the person reached, with what they typed', async () => {
    serve({ ...EMPTY, firstName: 'Ada', countryId: 826, city: 'London', currentStep: 1 });
    render(<VerificationPage />);
    await screen.findByRole('heading', { name: 'Step 2 of 4: Address' });
    expect((screen.getByLabelText('City') as HTMLInputElement).value).to.equal('London');
    const country = screen.getByLabelText('Country') as HTMLSelectElement;
    expect(country.selectedOptions[0]?.textContent).to.equal('United Kingdom');
    screen.getByRole('button', { name: 'Back' }).click();
    await screen.findByRole('heading', { name: 'Step 1 of 4: Personal details' });
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).to.equal('Ada');
  });

  it("shows the server's refusal at the field it names", async () => {
    serve(
      {
        ...EMPTY,
        countryId: 826,
        city: 'London',
        address: '1 Road',
        zipCode: 'N1',
        currentStep: 1,
      },
      failureOf('kyc.phone'),
    );
    render(<VerificationPage />);
    const phone = await screen.findByLabelText('Phone');
    phone.focus();
    // A number the page accepts: only the server's refusal, naming `phone`, marks the field.
    await sendKeys({ type: '+44 20 7946 0958' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).to.equal('true'));
    expect(document.activeElement).to.equal(phone);
    expect(phone.getAttribute('aria-describedby')).to.contain('phone-error');
    expect(screen.getByText(failureOf('kyc.phone').error_msg).id).to.contain('phone-error');
  });

  it('refuses a file that is not a photo before uploading it', async () => {
    serve({ ...EMPTY, currentStep: 2 });
    render(<VerificationPage />);
    const picker = await screen.findByLabelText('Photo page of the document');
    const file = new File(['%PDF-1.4'], 'scan.pdf', { type: 'application/pdf' });
    fireEvent.change(picker, { target: { files: [file] } });
    await screen.findByText('For verification, upload a photo as a JPG, PNG or WebP image.');
    expect(picker.getAttribute('aria-invalid')).to.equal('true');
    expect(api.sent.map((body) => body.method)).to.deep.equal(['kyc.getMine']);
  });

  it('says a submission is under review, and shows a rejection with its reason and the form', async () => {
    serve({ ...EMPTY, status: 'pending', submittedAt: '2026-11-23T10:00:00.000Z' });
    render(<VerificationPage />);
    await screen.findByText(/Under review: we received your documents/);
    // The profile is read again, so the header's badge shows the review too.
    await waitFor(() => expect(user.isKycPending).to.equal(true));
    expect(screen.queryByRole('button', { name: /Submit/ })).to.equal(null);
    expect(document.body.textContent).to.contain('$1,000.00 per 24 hours');
    expect(document.body.textContent).to.contain('$50,000.00 per 24 hours');
    cleanup();

    serve({
      ...EMPTY,
      status: 'rejected',
      currentStep: 3,
      reason: 'The selfie is too dark: please take it in daylight.',
    });
    render(<VerificationPage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).to.contain('The selfie is too dark: please take it in daylight.');
    screen.getByRole('button', { name: 'Submit again' });
  });

  it('submits from the selfie step, then shows the review and the pending badge state', async () => {
    const photo = { id: 1, path: 'data:image/gif;base64,R0lGODlhAQABAAAAACwAAAAAAQABAAA=' };
    serve({ ...EMPTY, idType: 'passport', currentStep: 3, front: photo, selfie: photo });
    render(<VerificationPage />);
    await screen.findByRole('heading', { name: 'Step 4 of 4: Selfie' });
    screen.getByRole('img', { name: 'Selfie with your document: uploaded' });
    screen.getByRole('button', { name: 'Submit for review' }).focus();
    await sendKeys({ press: 'Enter' });
    await screen.findByText(/Under review: we received your documents/);
    expect(screen.queryByRole('button', { name: /Submit/ })).to.equal(null);
    await waitFor(() => expect(user.isKycPending).to.equal(true));
    expect(api.sent.filter((body) => body.method === 'kyc.submit')).to.have.length(1);
  });
});
