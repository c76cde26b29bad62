/**
 * The checks every room shares on a sent message before it is stored: its shape, who it may
 * name, its length, that it says something; and the error answer a refused send gets.
 */
import { z } from 'zod';
import { type ErrorReport, refusalOf } from '../../core/errors/index.ts';
import type { SupportMessage, SupportServerMessage } from '../../core/protocol/index.ts';
import { params, pattern, recordId, words } from '../http/fields.ts';
import { MAX_MESSAGE_LENGTH } from './dialogs.ts';
import type { SupportPeer } from './hub.ts';
import type { SendMessage } from './rooms.ts';
import { MAX_FRAME_BYTES } from './socketFrames.ts';

/** The shape of SUPPORT_SEND_MESSAGE. */
export const sendSchema = params({
  type: z.literal('SUPPORT_SEND_MESSAGE'),
  id: pattern(/^[A-Za-z0-9_-]{1,64}$/, "1 to 64 letters, digits, '-' or '_'"),
  // The frame's size bounds it here; checkSend() refuses over-long messages in the chat's own words.
  text: words({ max: MAX_FRAME_BYTES, multiline: true, trim: false }),
  attachment: recordId().nullable(),
  userId: recordId().optional(),
});

/**
 * Why a well-formed send is refused, or null: in a support dialog a client names no other client
 * and staff name the client they answer; every message is short enough and says something.
 */
export function checkSend(
  peer: SupportPeer,
  message: SendMessage,
  inTrade: boolean,
): ErrorReport | null {
  if (!inTrade) {
    if (!peer.isStaff && message.userId !== undefined && message.userId !== peer.userId) {
      return refusalOf('support.notStaff');
    }
    if (peer.isStaff && message.userId === undefined) return refusalOf('support.noClient');
  }
  if (message.text.length > MAX_MESSAGE_LENGTH)
    return refusalOf('support.messageTooLong', { max: MAX_MESSAGE_LENGTH });
  if (message.text.trim() === '' && message.attachment === null)
    return refusalOf('support.emptyMessage');
  return null;
}

/**
 * The error answer: SUPPORT_SEND_MESSAGE with the refusal's words in `error`, its catalogue code
 * in `errorCode`, and the message as it was sent.
 */
export function sendRefusal(
  peer: SupportPeer,
  raw: unknown,
  refusal: ErrorReport,
): SupportServerMessage {
  const sent = (typeof raw === 'object' && raw !== null ? raw : {}) as Partial<SendMessage>;
  const attachment = typeof sent.attachment === 'number' ? sent.attachment : null;
  const message: SupportMessage = {
    id: typeof sent.id === 'string' ? sent.id.slice(0, 64) : '',
    text: typeof sent.text === 'string' ? sent.text.slice(0, MAX_MESSAGE_LENGTH) : '',
    isOut: !peer.isStaff,
    createdAt: new Date().toISOString(),
    attachment: attachment === null ? null : { id: attachment, path: '' },
    video: null,
    faq: [],
    links: [],
  };
  const userId = typeof sent.userId === 'number' ? sent.userId : undefined;
  return {
    type: 'SUPPORT_SEND_MESSAGE',
    message,
    error: refusal.message,
    errorCode: refusal.code,
    ...(userId === undefined ? {} : { userId }),
  };
}
