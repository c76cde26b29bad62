/** Refusals of the support chat: its socket, its messages, its uploads and its staff tools. */
import type { ErrorTable } from './entry.ts';

/** What the support chat and the upload endpoint answer when they refuse. */
export const SUPPORT_ERRORS = {
  'support.tooManyChats': {
    message: 'Too many chats started from this address. Please try again in {wait}.',
  },
  'support.unknownClient': { message: 'There is no client with this id.', param: 'userId' },
  'support.cannotBlockSelf': { message: 'You cannot block your own account.', param: 'userId' },
  'support.attachmentNotYours': {
    message: 'This attachment cannot be sent here. Please upload it again.',
    param: 'attachment',
  },
  'support.sendingTooFast': {
    message: 'You are sending messages too fast. Please try again in {wait}.',
  },
  'support.emptyMessage': { message: 'Write a message or attach a file.', param: 'text' },
  'support.messageTooLong': {
    message: 'Messages can be at most {max} characters.',
    param: 'text',
  },
  'support.notStaff': { message: "Only staff can write to another client's dialog." },
  'support.noClient': { message: 'Choose the client to reply to.', param: 'userId' },
  'support.ticketRefused': {
    message: 'This support connection ticket is invalid or expired. Please reconnect.',
  },
  'support.tradeChatRefused': {
    message: 'This trade’s chat is open to its two sides, and to staff once it is disputed.',
  },
  'support.badPushSubscription': {
    message: 'Subscription must be the JSON of a browser push subscription (endpoint and keys).',
    param: 'subscription',
  },
  'upload.noFile': { message: 'Choose a file to upload.', param: 'file' },
  'upload.oneFile': { message: 'Attach one file at a time.', param: 'file' },
  'upload.type': { message: 'Only {extensions} files can be attached.', param: 'file' },
  'upload.kycType': {
    message: 'For verification, upload a photo as a JPG, PNG or WebP image.',
    param: 'file',
  },
  'upload.notMultipart': { message: 'The upload must be sent as multipart/form-data.' },
  'upload.unreadable': { message: 'The upload could not be read. Please try again.' },
  'upload.mismatch': {
    message: 'This file is not a real .{ext} file. Please attach the original image or video.',
    param: 'file',
  },
  'upload.tooLarge': {
    message: 'The {kind} is too large: the limit is {megabytes} MB.',
    param: 'file',
  },
  'upload.overLimit': {
    message:
      'The file is too large: images may be up to {imageMegabytes} MB and videos up to {videoMegabytes} MB.',
    param: 'file',
  },
} as const satisfies ErrorTable;
