import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { sendKeys } from '@web/test-runner-commands';
import { expect } from 'chai';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { errorText } from '../../../core/errors/index.ts';
import {
  initialUser,
  type KycQueueItem,
  type KycSubmission,
  setUser,
  user,
} from '../../../core/index.ts';
import { KYC_REASON_MAX } from '../../../core/kyc.ts';
import KycReviewPage from './KycReviewPage.tsx';

type Body = Record<string, unknown>;

/** A photo as the server lists it; a 1×1 image stands in for the signed attachment URL. */
const photo = (id: number) => ({
  id,
  path: `data:image/gif;base64,R0lGODlhAQABAAAAACwAAAAAAQABAAA=#${id}`,
});

const SUBMISSION: KycSubmission = {
  userId: 42,
  login: 'ada',
  email: 'ada@example.com',
  country: 'United Kingdom',
  firstName: 'Ada',
  lastName: 'Lovelace',
  countryId: 826,
  city: 'London',
  address: '12 Example Street',
  dateOfBirth: '1990-12-10',
  phone: '+44 20 7946 0958',
  zipCode: 'SW1A 1AA',
  idType: 'idCard',
  idNumber: 'AB123456',
  status: 'pending',
  currentStep: 3,
  front: photo(1),
  back: photo(2),
  selfie: photo(3),
  submittedAt: '2026-11-23T10:00:00.000Z',
  reason: 'The back is blurred.',
  decisions: [
    {
      decision: 'rejected',
      reason: 'The back is blurred.',
      staff: 'bob',
      at: '2026-11-22T10:00:00.000Z',
    },
  ],
};

const ITEM: KycQueueItem = {
  userId: 42,
  login: 'ada',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  country: 'United Kingdom',
  submittedAt: '2026-11-23T10:00:00.000Z',
};

/** The API as the page meets it: the queue, one submission, and decisions that empty the queue. */
function fakeApi(state: { items: KycQueueItem[] }) {
  const sent: Body[] = [];
  const answer = (body: Body): Body => {
    switch (body.method) {
      case 'kyc.getQueue':
        return { status: true, items: state.items };
      case 'kyc.getSubmission':
        return { status: true, submission: SUBMISSION };
      case 'kyc.approve':
      case 'kyc.reject':
        state.items = [];
        return { status: true, submission: SUBMISSION };
      default:
        return { status: false, error_msg: `Unexpected ${String(body.method)}` };
    }
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

/** Opens Ada's submission; the focus moves to its title. */
async function open() {
  (await screen.findByRole('button', { name: /Ada Lovelace/ })).click();
  const title = await screen.findByRole('heading', { name: 'Ada Lovelace' });
  await waitFor(() => expect(document.activeElement).to.equal(title));
}

function renderPage() {
  render(
    <Router hook={memoryLocation({ path: '/account/admin/verifications' }).hook}>
      <KycReviewPage />
    </Router>,
  );
}

const decisions = (sent: Body[]) =>
  sent
    .filter((body) => body.method === 'kyc.approve' || body.method === 'kyc.reject')
    .map(({ method, userId, reason }) => ({ method, userId, reason }));

describe('KycReviewPage', () => {
  const realFetch = window.fetch;
  let api: ReturnType<typeof fakeApi>;

  beforeEach(() => {
    setUser({ ...initialUser, id: 5, statusId: 1, email: 'staff@example.com', login: 'staff' });
    api = fakeApi({ items: [ITEM] });
    window.fetch = api.fetch;
  });
  afterEach(() => {
    cleanup();
    window.fetch = realFetch;
    Object.assign(user, initialUser);
  });

  it('shows a submission with its documents side by side and earlier decisions', async () => {
    renderPage();
    (await screen.findByRole('button', { name: /Ada Lovelace \(ada\), United Kingdom/ })).click();
    const review = await screen.findByRole('article', { name: 'Ada Lovelace' });
    const images = within(review).getAllByRole('img');
    expect(images.map((image) => image.getAttribute('alt'))).to.deep.equal([
      'Document front of Ada Lovelace',
      'Document back of Ada Lovelace',
      'Selfie with document of Ada Lovelace',
    ]);
    expect(review.textContent).to.contain('Rejected by bob');
    expect(review.textContent).to.contain('AB123456');
  });

  it('asks for a reason before rejecting, and sends the one typed', async () => {
    renderPage();
    await open();
    screen.getByRole('button', { name: 'Reject with this reason' }).click();
    const reason = screen.getByLabelText(/Reason for a rejection/);
    await waitFor(() => expect(document.activeElement).to.equal(reason));
    expect(reason.getAttribute('aria-invalid')).to.equal('true');
    // The server's own words for the rule, so both sides say the same thing.
    await screen.findByText(errorText('kyc.reason', { max: KYC_REASON_MAX }));
    expect(decisions(api.sent)).to.deep.equal([]);
    await sendKeys({ type: 'The selfie is too dark.' });
    screen.getByRole('button', { name: 'Reject with this reason' }).click();
    await screen.findByText('Rejected: Ada Lovelace can correct and submit again.');
    expect(decisions(api.sent)).to.deep.equal([
      { method: 'kyc.reject', userId: 42, reason: 'The selfie is too dark.' },
    ]);
    await screen.findByText('No verifications are waiting for review.');
  });

  it('approves with one press', async () => {
    renderPage();
    await open();
    screen.getByRole('button', { name: 'Approve' }).focus();
    await sendKeys({ press: 'Enter' });
    await screen.findByText('Approved: Ada Lovelace is verified.');
    expect(decisions(api.sent)).to.deep.equal([
      { method: 'kyc.approve', userId: 42, reason: undefined },
    ]);
  });

  it('is refused to an account that is not staff', async () => {
    setUser({ ...initialUser, id: 6, statusId: 0, email: 'ann@example.com', login: 'ann' });
    renderPage();
    await screen.findByRole('heading', { name: 'Staff only' });
    expect(api.sent).to.deep.equal([]);
  });
});
