import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { expect } from 'chai';
import { FAQ_DEFAULT_TITLE, FaqSearch, type FaqSection, matchesQuestion } from './FaqSearch.tsx';

const sections: FaqSection[] = [
  {
    slug: 'security',
    title: 'Security',
    items: [
      { question: 'How is my password stored?', answer: 'As a scrypt hash.', video: null },
      { question: 'Is 2FA available?', answer: 'Yes.', video: '/media/2fa.mp4' },
    ],
  },
  {
    slug: 'withdrawal',
    title: 'Withdrawals',
    items: [{ question: 'How do I Withdraw?', answer: 'From Account.', video: null }],
  },
];

describe('FaqSearch', () => {
  afterEach(cleanup);

  it('matches the question case-insensitively, ignoring the answer', () => {
    const item = { question: 'How do I WITHDRAW?', answer: 'password', video: null };
    expect(matchesQuestion(item, 'withdraw')).to.equal(true);
    expect(matchesQuestion(item, '  draw ')).to.equal(true);
    expect(matchesQuestion(item, 'password')).to.equal(false);
  });

  it('shows the default title and exactly 3 skeletons while loading', () => {
    render(<FaqSearch sections={[]} isLoading />);
    expect(screen.getByRole('heading', { name: FAQ_DEFAULT_TITLE })).to.exist;
    expect(screen.getAllByTestId('faq-skeleton')).to.have.length(3);
    expect(screen.getByRole('status', { name: 'Loading questions' })).to.exist;
  });

  it('lists sections under their slug anchors, with answers and videos', () => {
    const { container } = render(<FaqSearch sections={sections} title="Help" />);
    expect(screen.getByRole('heading', { name: 'Help' })).to.exist;
    expect(container.querySelector('section#security')).to.exist;
    expect(container.querySelector('section#withdrawal')).to.exist;
    expect(screen.getByText('As a scrypt hash.')).to.exist;
    expect(container.querySelector('video')?.getAttribute('src')).to.equal('/media/2fa.mp4');
  });

  it('filters as you type and says so when nothing matches', () => {
    render(<FaqSearch sections={sections} />);
    const search = screen.getByLabelText('Search the questions');
    fireEvent.input(search, { target: { value: 'WITHDRAW' } });
    expect(screen.getAllByRole('group')).to.have.length(1);
    expect(screen.getByText('How do I Withdraw?')).to.exist;
    expect(screen.queryByText('How is my password stored?')).to.equal(null);
    expect(screen.queryByRole('heading', { name: 'Security' })).to.equal(null);
    fireEvent.input(search, { target: { value: 'zebra' } });
    expect(screen.getByText(/No questions match “zebra”/)).to.exist;
  });

  it('shows a load error instead of the list', () => {
    render(<FaqSearch sections={[]} error="The help center could not be loaded." />);
    expect(screen.getByRole('alert').textContent).to.equal('The help center could not be loaded.');
  });
});
