/**
 * One API client: every call is a POST of `{method, token, subId, ...params}`
 * to the one endpoint, with credentials and a text/plain body. The site has one (core/api.ts);
 * each widget makes its own, so two elements talking to two exchanges never share a token.
 * It never throws: anything unreadable becomes a `status: false` reply. Every refusal carries
 * `error_code` (core/errors) beside `error_msg`, so callers branch on the code, not the words.
 */
import { hasErrorCode, requestFailure } from './errors/transport.ts';
import { notify } from './notify.ts';
import {
  API_PATH,
  type MethodName,
  type Params,
  type Reply,
  type RequestBody,
  SERVER_ERROR_TEXT,
} from './protocol/index.ts';

/**
 * How bodies are encoded when not plain JSON. Injected rather than imported, so a client that
 * never uses the codec (the widgets) does not carry it.
 */
export interface BodyCodec {
  /** Whether this request should be encoded: everywhere but on localhost. */
  applies(): boolean;
  /**
   * Resolves once encode and decode can run (a codec loaded apart), rejecting if it cannot load;
   * undefined when they can run now, so a call then goes out without waiting a turn.
   */
  ready?(): Promise<void> | undefined;
  encode(body: unknown): Uint8Array;
  /** Decodes a reply, or returns undefined when the bytes are not a codec body. */
  decode(bytes: Uint8Array): unknown;
}

/** Where a client sends its calls and what it sends with them. */
export interface ApiClientOptions {
  /** Origin of the API; empty for the page's own. Read on every call. */
  baseUrl: () => string;
  /** The session token to send; empty when signed out. */
  token: () => string;
  /** The stored ad-tracking sub id; empty when absent. */
  subId?: () => string;
  codec?: BodyCodec | null;
}

/** Calls the API and reads its replies. */
export interface ApiClient {
  /** Calls a method; with `notify`, shows success_msg or error_msg as a toast by status. */
  call<M extends MethodName>(
    method: M,
    params: Params<M>,
    settings?: { notify?: boolean },
  ): Promise<Reply<M>>;
  /** The API's origin; empty for the page's own. */
  baseUrl(): string;
  /** The session token calls carry. */
  token(): string;
  /** Whether requests go encoded with the codec right now (else plain JSON). */
  encodes(): boolean;
  /** Reads a reply body as the API answers it: a codec body or plain JSON; throws if neither. */
  parseReplyBody(bytes: Uint8Array): unknown;
  /** Resolves once requests can be encoded and replies read (the codec loaded, where one is). */
  ready(): Promise<void>;
}

/** Creates a client over `options`. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const parseReplyBody = (bytes: Uint8Array): unknown =>
    options.codec?.decode(bytes) ?? JSON.parse(new TextDecoder().decode(bytes));

  const ready = async (): Promise<void> => {
    await options.codec?.ready?.();
  };

  const send = async <M extends MethodName>(body: RequestBody<M>): Promise<Reply<M>> => {
    const codec = options.codec?.applies() ? options.codec : null;
    try {
      // Awaited even for plain JSON: a configured codec decodes the replies that come encoded.
      const loading = options.codec?.ready?.();
      if (loading) await loading;
      const response = await fetch(`${options.baseUrl()}${API_PATH}`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'text/plain' },
        body: codec ? (codec.encode(body) as Uint8Array<ArrayBuffer>) : JSON.stringify(body),
      });
      const parsed = parseReplyBody(new Uint8Array(await response.arrayBuffer()));
      if (isReply(parsed)) return withCode(parsed) as Reply<M>;
    } catch {
      // Network failures and unreadable bodies both end as the generic error below.
    }
    notify({ kind: 'snackbar', tone: 'error', text: SERVER_ERROR_TEXT });
    return requestFailure('request.serverError') as Reply<M>;
  };

  return {
    async call(method, params, settings = {}) {
      const body = {
        ...params,
        method,
        token: options.token(),
        subId: options.subId?.() ?? '',
      } as RequestBody<typeof method>;
      const reply = await send(body);
      if (settings.notify) {
        const text = reply.status ? reply.success_msg : reply.error_msg;
        if (text) notify({ kind: 'toast', tone: reply.status ? 'success' : 'error', text });
      }
      return reply;
    },
    baseUrl: options.baseUrl,
    token: options.token,
    encodes: () => options.codec?.applies() ?? false,
    parseReplyBody,
    ready,
  };
}

/**
 * A refusal always carries a catalogued code for callers to branch on: one from a server that
 * sends none, or a code this build does not know, reads as the generic server error's code
 * (its words are kept, since they are what the server said).
 */
function withCode(reply: { status: boolean; error_code?: unknown }): object {
  if (reply.status || hasErrorCode(reply.error_code)) return reply;
  return { ...reply, error_code: 'request.serverError' };
}

function isReply(value: unknown): value is { status: boolean } {
  return (
    typeof value === 'object' && value !== null && typeof Reflect.get(value, 'status') === 'boolean'
  );
}
