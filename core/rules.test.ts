import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { errorText } from './errors/index.ts';
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_EXTENSIONS,
  canPickAttachment,
  canSendMessage,
  faqMatches,
  isAcceptedAttachment,
  pickAttachment,
} from './rules.ts';

describe('chat send rule', () => {
  it('sends text or an attachment when nothing is pending', () => {
    assert.equal(canSendMessage({ text: 'hi', hasAttachment: false, isPending: false }), true);
    assert.equal(canSendMessage({ text: '', hasAttachment: true, isPending: false }), true);
  });

  it('refuses an empty draft or a pending send', () => {
    assert.equal(canSendMessage({ text: '', hasAttachment: false, isPending: false }), false);
    assert.equal(canSendMessage({ text: '   ', hasAttachment: false, isPending: false }), false);
    assert.equal(canSendMessage({ text: 'hi', hasAttachment: true, isPending: true }), false);
  });
});

describe('attachments', () => {
  it('accepts exactly the ten listed types', () => {
    assert.deepEqual(
      [...ATTACHMENT_EXTENSIONS],
      ['png', 'jpg', 'jpeg', 'webp', 'gif', 'svg', 'mkv', 'mp4', 'mov', 'webm'],
    );
    assert.equal(ATTACHMENT_ACCEPT, '.png,.jpg,.jpeg,.webp,.gif,.svg,.mkv,.mp4,.mov,.webm');
    assert.equal(isAcceptedAttachment('Photo.JPG'), true);
    assert.equal(isAcceptedAttachment('clip.webm'), true);
    assert.equal(isAcceptedAttachment('setup.exe'), false);
    assert.equal(isAcceptedAttachment('png'), false);
    assert.equal(isAcceptedAttachment('doc.pdf'), false);
  });

  it('takes one file only', () => {
    const a = { name: 'a.png' };
    assert.deepEqual(pickAttachment([a]), { file: a });
    assert.deepEqual(pickAttachment([a, { name: 'b.png' }]), {
      error: 'Attach one file at a time.',
    });
    assert.deepEqual(pickAttachment([]), { error: errorText('upload.noFile') });
  });

  it('refuses a file type in the words the upload endpoint uses', () => {
    assert.deepEqual(pickAttachment([{ name: 'x.exe' }]), {
      error: errorText('upload.type', { extensions: ATTACHMENT_EXTENSIONS.join(', ') }),
    });
    assert.equal(
      (pickAttachment([{ name: 'x.exe' }]) as { error: string }).error,
      'Only png, jpg, jpeg, webp, gif, svg, mkv, mp4, mov, webm files can be attached.',
    );
  });

  it('disables the picker while uploading or when a file is attached', () => {
    assert.equal(canPickAttachment({ isUploading: false, hasAttachment: false }), true);
    assert.equal(canPickAttachment({ isUploading: true, hasAttachment: false }), false);
    assert.equal(canPickAttachment({ isUploading: false, hasAttachment: true }), false);
  });
});

describe('FAQ search', () => {
  it('matches a case-insensitive substring of the question', () => {
    assert.equal(faqMatches('How do I withdraw BTC?', 'WITHDRAW'), true);
    assert.equal(faqMatches('How do I withdraw BTC?', 'draw b'), true);
    assert.equal(faqMatches('How do I withdraw BTC?', ''), true);
    assert.equal(faqMatches('How do I withdraw BTC?', 'deposit'), false);
  });
});
