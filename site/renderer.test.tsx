/** The site's component tests run on React 19, the renderer the site build ships with. */
import { expect } from 'chai';
import { createElement as preactCreateElement } from 'preact';
import { createElement, version } from 'react';

describe('the site’s renderer in tests', () => {
  it('is React 19, not preact/compat', () => {
    expect(createElement).not.to.equal(preactCreateElement);
    expect(version.split('.')[0]).to.equal('19');
  });
});
