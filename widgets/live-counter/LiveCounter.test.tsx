import { cleanup, render } from '@testing-library/react';
import { expect } from 'chai';
import { DEFAULT_LABELS, LiveCounter } from './LiveCounter.tsx';

const people = { one: 'person watching live now', other: 'people watching live now' };

/** What a reader of the counter hears: the settled figure and its words. */
function spoken(value: number, labels = people, locale = 'en'): string {
  const { container } = render(
    <LiveCounter value={value} labels={labels} locale={locale} connected={true} />,
  );
  return container.querySelector('.sr')?.textContent ?? '';
}

describe('LiveCounter', () => {
  afterEach(cleanup);

  it('says "1 person" and "2 people", and "0 people"', () => {
    expect(spoken(1)).to.equal('1 person watching live now');
    cleanup();
    expect(spoken(2)).to.equal('2 people watching live now');
    cleanup();
    expect(spoken(0)).to.equal('0 people watching live now');
  });

  it('follows the locale’s plural rules and its own defaults', () => {
    // French counts 0 as singular; the default words agree in number too.
    expect(spoken(0, people, 'fr')).to.equal('0 person watching live now');
    cleanup();
    expect(spoken(1, DEFAULT_LABELS.count)).to.equal('1 visitor online now');
    cleanup();
    expect(spoken(1_204, DEFAULT_LABELS.views)).to.equal('1,204 page views');
  });
});
