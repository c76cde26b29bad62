/**
 * The API client (spec §7 Transport): every call is a POST of `{method, token, subId, ...params}`
 * to the one endpoint, with credentials and a text/plain body; plain JSON on localhost, the codec
 * elsewhere. It never throws: anything unreadable becomes a `status: false` reply.
 */
import { CODEC_COMPACT, codecVersionOf, decode, encode } from './codec.ts';
import { notify } from './notify.ts';
import {
  API_PATH,
  type MethodName,
  type Params,
  type Reply,
  type RequestBody,
  SERVER_ERROR_TEXT,
} from './protocol.ts';
import { readStored, STORAGE_KEYS } from './storage.ts';

/** Where the API lives and how bodies are encoded. */
export interface ApiOptions {
  /** Origin of the API; empty for the page's own origin. */
  baseUrl: string;
  /** Codec key bytes; without one, bodies are plain JSON everywhere. */
  codecKey: Uint8Array | null;
  /** 'auto' follows the spec: plain JSON on localhost, the codec elsewhere. */
  encoding: 'auto' | 'json' | 'codec';
}

const options: ApiOptions = { baseUrl: '', codecKey: null, encoding: 'auto' };

/** Sets where the API lives and how to encode; the site calls it once at start. */
export function configureApi(next: Partial<ApiOptions>): void {
  Object.assign(options, next);
}

/** Whether requests from this page use the codec (spec §7: not on localhost). */
export function usesCodec(hostname: string = globalThis.location?.hostname ?? ''): boolean {
  if (!options.codecKey || options.encoding === 'json') return false;
  return options.encoding === 'codec' || hostname !== 'localhost';
}

/** Calls an API method; with `notify`, shows success_msg or error_msg as a toast by status. */
export async function call<M extends MethodName>(
  method: M,
  params: Params<M>,
  settings: { notify?: boolean } = {},
): Promise<Reply<M>> {
  const body = {
    ...params,
    method,
    token: readStored(STORAGE_KEYS.token) ?? '',
    subId: readStored(STORAGE_KEYS.subId) ?? '',
  } as RequestBody<M>;
  const reply = await send<M>(body);
  if (settings.notify) {
    const text = reply.status ? reply.success_msg : reply.error_msg;
    if (text) notify({ kind: 'toast', tone: reply.status ? 'success' : 'error', text });
  }
  return reply;
}

async function send<M extends MethodName>(body: RequestBody<M>): Promise<Reply<M>> {
  const key = options.codecKey;
  const codec = usesCodec() && key !== null;
  try {
    const response = await fetch(`${options.baseUrl}${API_PATH}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'text/plain' },
      body: codec
        ? (encode(body, key, CODEC_COMPACT) as Uint8Array<ArrayBuffer>)
        : JSON.stringify(body),
    });
    const parsed = parseReplyBody(new Uint8Array(await response.arrayBuffer()));
    if (isReply(parsed)) return parsed as Reply<M>;
  } catch {
    // Network failures and unreadable bodies both end as the generic error below (spec §8).
  }
  notify({ kind: 'snackbar', tone: 'error', text: SERVER_ERROR_TEXT });
  return { status: false, error_msg: SERVER_ERROR_TEXT } as Reply<M>;
}

/** The API's origin as configured: empty for the page's own. */
export function apiBaseUrl(): string {
  return options.baseUrl;
}

/**
 * Reads a reply body the way the API answers it: a codec body when it starts with a codec version
 * byte and a key is configured, plain JSON otherwise. Throws on anything unreadable. Shared by the
 * API client and the upload endpoint, whose replies are encoded alike.
 */
export function parseReplyBody(bytes: Uint8Array): unknown {
  const key = options.codecKey;
  return key && codecVersionOf(bytes) !== null
    ? decode(bytes, key)
    : JSON.parse(new TextDecoder().decode(bytes));
}

function isReply(value: unknown): value is { status: boolean } {
  return (
    typeof value === 'object' && value !== null && typeof Reflect.get(value, 'status') === 'boolean'
  );
}
