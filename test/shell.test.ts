import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { ASSETS } from '../core/protocol/index.ts';
import { footerGroups, isAdminPath, mailDomain, POLICY_TYPES } from '../site/navigation.ts';
import { safeDecode } from '../site/safeDecode.ts';
import { sha256Hex } from '../site/sha256.ts';

describe('sha256Hex', () => {
  it('matches Node crypto on block edges and non-ASCII text', () => {
    for (const text of [
      '',
      'abc',
      'a'.repeat(55),
      'a'.repeat(56),
      'a'.repeat(64),
      'ünïcødé@x.io',
    ]) {
      assert.equal(sha256Hex(text), createHash('sha256').update(text).digest('hex'));
    }
  });
});

describe('safeDecode: malformed path segments', () => {
  it('decodes good segments and returns malformed ones unchanged, with a warning', (t) => {
    const warn = t.mock.method(console, 'warn', () => {});
    assert.equal(safeDecode('kyc%20policy'), 'kyc policy');
    assert.equal(warn.mock.callCount(), 0);
    assert.equal(safeDecode('%E0%A4%A'), '%E0%A4%A');
    assert.equal(warn.mock.callCount(), 1);
    assert.match(String(warn.mock.calls[0]?.arguments[0]), /Malformed URL path segment/);
  });
});

describe('navigation: asset links, admin paths and policy routes', () => {
  it('marks each Buy crypto link 1..8 in asset order and links every pair', () => {
    const groups = Object.fromEntries(footerGroups('x.io').map((g) => [g.label, g.links]));
    assert.deepEqual(
      groups['Buy crypto']?.map((link) => link.href),
      ASSETS.map((_, index) => `/account/buy-crypto?coin=${index + 1}`),
    );
    assert.deepEqual(
      groups.Exchange?.map((link) => link.href),
      ASSETS.map((asset) => `/trading/${asset}_USDT`),
    );
    assert.deepEqual(
      groups['Contact Us']?.map((link) => link.href),
      ['/account/', 'mailto:abuse@x.io', 'mailto:legal@x.io'],
    );
  });

  it('knows the admin paths and the policy types', () => {
    assert.equal(isAdminPath('/account/admin/clients'), true);
    assert.equal(isAdminPath('/account/administrator'), false);
    assert.equal(mailDomain('www.coinbit.io'), 'coinbit.io');
    assert.deepEqual(POLICY_TYPES, {
      'terms-of-service': 'terms_of_use',
      'aml-policy': 'aml_policy',
      'kyc-policy': 'kyc_policy',
      'cookie-policy': 'cookies_policy',
    });
  });
});
