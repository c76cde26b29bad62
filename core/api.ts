/**
 * The site's API client: plain JSON on localhost, the codec elsewhere, with
 * the token and subId the site stored. Widgets make their own clients (core/apiClient.ts).
 */
import { createApiClient } from './apiClient.ts';
import { CODEC_COMPACT, CodecError, codecVersionOf } from './codecFormat.ts';
import type { MethodName, Params, Reply } from './protocol/index.ts';
import { readStored, STORAGE_KEYS } from './storage.ts';

/** Where the API lives and how bodies are encoded. */
export interface ApiOptions {
  /** Origin of the API; empty for the page's own origin. */
  baseUrl: string;
  /** Codec key bytes; without one, bodies are plain JSON everywhere. */
  codecKey: Uint8Array | null;
  /** 'auto': plain JSON on localhost, the codec elsewhere. */
  encoding: 'auto' | 'json' | 'codec';
}

const options: ApiOptions = { baseUrl: '', codecKey: null, encoding: 'auto' };

type Codec = typeof import('./codec.ts');

let codec: Codec | null = null;
let codecLoad: Promise<void> | null = null;

/**
 * Loads the codec (the cipher and deflate, with tables built as they load) as a chunk of its own:
 * a page's first script and first render do not wait for it, and its start-up work runs as a
 * task of its own. A load that failed is tried again by the next call.
 */
function loadCodec(): Promise<void> {
  codecLoad ??= import('./codec.ts').then(
    (loaded) => {
      codec = loaded;
    },
    (error: unknown) => {
      codecLoad = null;
      throw error;
    },
  );
  return codecLoad;
}

function loadedCodec(): Codec {
  if (!codec) throw new CodecError('The codec is not loaded yet.');
  return codec;
}

/**
 * Sets where the API lives and how to encode; the site calls it once at start. With a codec key
 * the codec starts loading at once, beside the first render.
 */
export function configureApi(next: Partial<ApiOptions>): void {
  Object.assign(options, next);
  if (options.codecKey) void loadCodec().catch(() => undefined);
}

/** Whether requests from this page use the codec: everywhere but on localhost. */
export function usesCodec(hostname: string = globalThis.location?.hostname ?? ''): boolean {
  if (!options.codecKey || options.encoding === 'json') return false;
  return options.encoding === 'codec' || hostname !== 'localhost';
}

/** The site's client. */
export const siteApi = createApiClient({
  baseUrl: () => options.baseUrl,
  token: () => readStored(STORAGE_KEYS.token) ?? '',
  subId: () => readStored(STORAGE_KEYS.subId) ?? '',
  codec: {
    applies: () => usesCodec(),
    ready: () => (options.codecKey && !codec ? loadCodec() : undefined),
    encode: (body) => loadedCodec().encode(body, requireKey(), CODEC_COMPACT),
    decode: (bytes) =>
      options.codecKey && codecVersionOf(bytes) !== null
        ? loadedCodec().decode(bytes, options.codecKey)
        : undefined,
  },
});

function requireKey(): Uint8Array {
  if (!options.codecKey) throw new Error('No codec key is configured.');
  return options.codecKey;
}

/** Calls an API method; with `notify`, shows success_msg or error_msg as a toast by status. */
export function call<M extends MethodName>(
  method: M,
  params: Params<M>,
  settings: { notify?: boolean } = {},
): Promise<Reply<M>> {
  return siteApi.call(method, params, settings);
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
  return siteApi.parseReplyBody(bytes);
}
