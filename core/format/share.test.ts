import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatShare } from './share.ts';

describe('formatShare', () => {
  it('reads a fraction as a percentage, exactly', () => {
    assert.equal(formatShare('0.2'), '20 %');
    assert.equal(formatShare('0.25'), '25 %');
    assert.equal(formatShare('0.125'), '12.5 %');
    assert.equal(formatShare('0.035'), '3.5 %');
    assert.equal(formatShare('0.0005'), '0.05 %');
    assert.equal(formatShare('1'), '100 %');
    assert.equal(formatShare('0'), '0 %');
  });

  it('shows text that is not a fraction as it is', () => {
    assert.equal(formatShare('half'), 'half');
  });
});
