import { expect } from 'chai';
import { type Notification, onNotify } from '../core/index.ts';
import { COPIED_TEXT, copyToClipboard } from './copyToClipboard.ts';

describe('copyToClipboard: the confirmation toast', () => {
  const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard');
  let shown: Notification[] = [];
  let stop: () => void = () => {};

  beforeEach(() => {
    shown = [];
    stop = onNotify((notification) => shown.push(notification));
  });
  afterEach(() => {
    stop();
    if (original) Object.defineProperty(Navigator.prototype, 'clipboard', original);
  });

  function clipboard(writeText: (text: string) => Promise<void>) {
    Object.defineProperty(Navigator.prototype, 'clipboard', {
      configurable: true,
      get: () => ({ writeText }),
    });
  }

  it("copies and confirms with 'Address successfully copied to clipboard'", async () => {
    const written: string[] = [];
    clipboard(async (text) => {
      written.push(text);
    });
    expect(await copyToClipboard('bc1qexampleaddress')).to.equal(true);
    expect(written).to.deep.equal(['bc1qexampleaddress']);
    expect(shown).to.deep.equal([{ kind: 'toast', tone: 'success', text: COPIED_TEXT }]);
    expect(COPIED_TEXT).to.equal('Address successfully copied to clipboard');
  });

  it('says what to do when the browser refuses', async () => {
    clipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    expect(await copyToClipboard('x')).to.equal(false);
    expect(shown[0]?.tone).to.equal('error');
    expect(shown[0]?.text).to.contain('copy it by hand');
  });
});
