/** The widgets' component tests run on Preact, the renderer the widget bundle ships with. */
import { expect } from 'chai';
import { createElement as preactCreateElement } from 'preact';
import * as React from 'react';
import { createElement } from 'react';

describe('the widgets’ renderer in tests', () => {
  it('is Preact: React resolves to React’s API on Preact, as in the widget build', () => {
    expect(createElement).to.equal(preactCreateElement);
  });

  it('has no preact/compat: no Suspense or lazy, which the first download would pay for', () => {
    expect(Object.keys(React)).to.not.include('Suspense');
    expect(Object.keys(React)).to.not.include('lazy');
  });
});
