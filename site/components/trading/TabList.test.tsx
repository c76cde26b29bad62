import { fireEvent, render, screen } from '@testing-library/react';
import { expect } from 'chai';
import { useState } from 'react';
import { TabList, tabPanelProps } from './TabList.tsx';

type Key = 'chart' | 'book' | 'trades';

function Tabs() {
  const [selected, setSelected] = useState<Key>('chart');
  const tabs = [
    { key: 'chart', label: 'Chart' },
    { key: 'book', label: 'Order book' },
    { key: 'trades', label: 'Trades' },
  ] as const;
  return (
    <>
      <TabList<Key>
        label="Market view"
        prefix="t"
        tabs={tabs}
        selected={selected}
        onSelect={setSelected}
      />
      {tabs.map((tab) => (
        <div key={tab.key} {...tabPanelProps('t', tab.key, selected)}>
          {tab.label} panel
        </div>
      ))}
    </>
  );
}

describe('tab list', () => {
  it('is one tab stop; arrows, Home and End move and select, and the panel follows', () => {
    render(<Tabs />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(tab('Chart').tabIndex).to.equal(0);
    expect(tab('Order book').tabIndex).to.equal(-1);
    expect(screen.getByRole('tabpanel').textContent).to.equal('Chart panel');
    fireEvent.keyDown(tab('Chart'), { key: 'ArrowRight' });
    expect(tab('Order book').getAttribute('aria-selected')).to.equal('true');
    expect(document.activeElement === tab('Order book')).to.equal(true);
    expect(screen.getByRole('tabpanel', { name: 'Order book' }).textContent).to.equal(
      'Order book panel',
    );
    fireEvent.keyDown(tab('Order book'), { key: 'End' });
    expect(document.activeElement === tab('Trades')).to.equal(true);
    fireEvent.keyDown(tab('Trades'), { key: 'ArrowRight' });
    expect(tab('Chart').getAttribute('aria-selected')).to.equal('true');
    fireEvent.keyDown(tab('Chart'), { key: 'ArrowLeft' });
    expect(tab('Trades').getAttribute('aria-selected')).to.equal('true');
    fireEvent.keyDown(tab('Trades'), { key: 'Home' });
    expect(tab('Chart').getAttribute('aria-selected')).to.equal('true');
  });
});
