/** The widgets' component tests run on preact/compat, the renderer the widget bundle ships with. */
import { expect } from 'chai';
import { createElement as preactCreateElement } from 'preact';
import { createElement } from 'react';

describe('the widgets’ renderer in tests', () => {
  it('is Preact: React resolves to preact/compat, as in the widget build', () => {
    expect(createElement).to.equal(preactCreateElement);
  });
});
