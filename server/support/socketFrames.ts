/**
 * The support socket's frames as they arrive: their size bounds, and the reading of a text frame
 * into the client message it names (anything else is ignored).
 */
import type { SupportClientMessage } from '../../core/protocol/index.ts';
import { recordId } from '../http/fields.ts';
import { resumedSends } from './resume.ts';

/** Largest socket frame accepted; bigger frames close the socket (1009). */
export const MAX_FRAME_BYTES = 32 * 1024;

/** Messages a socket may have waiting to be stored before it is closed as a flood. */
export const MAX_IN_FLIGHT = 1000;

/** A frame's size in bytes, whether it arrived whole or in fragments. */
export function frameSize(data: Buffer | ArrayBuffer | Buffer[]): number {
  return Array.isArray(data) ? data.reduce((sum, chunk) => sum + chunk.length, 0) : data.byteLength;
}

/** The client message a text frame holds, or null for anything unreadable or unknown. */
export function parseFrame(text: string): SupportClientMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const type = (value as { type?: unknown }).type;
  if (type === 'PING') return { type: 'PING' };
  if (type === 'SUPPORT_TYPING') {
    const userId = recordId().safeParse((value as { userId?: unknown }).userId);
    return userId.success
      ? { type: 'SUPPORT_TYPING', userId: userId.data }
      : { type: 'SUPPORT_TYPING' };
  }
  if (type === 'SUPPORT_RESUME') {
    return { type: 'SUPPORT_RESUME', sends: resumedSends((value as { sends?: unknown }).sends) };
  }
  // Validated in full (with a readable refusal) when its turn comes.
  if (type === 'SUPPORT_SEND_MESSAGE') return value as SupportClientMessage;
  return null;
}
