/** The site's entry: configure the API, apply the start-up effects, render. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  configureApi,
  DEV_CODEC_KEY,
  loadCookieAcceptance,
  loadCurrencies,
  parseCodecKey,
  readStored,
  rememberQueryParams,
  STORAGE_KEYS,
} from '../core/index.ts';
import { App } from './App.tsx';
import { capturePixelId } from './effects/pixelId.ts';
import { startProfile } from './effects/startProfile.ts';
import { firstPageChunk } from './pageChunks.ts';
import './styles.css';

/** The codec key the server wrote into the page; the development key when served by Vite. */
function pageCodecKey(): Uint8Array {
  const content = document.querySelector<HTMLMetaElement>('meta[name="codec-key"]')?.content;
  return parseCodecKey(content && content !== '__CODEC_KEY__' ? content : DEV_CODEC_KEY);
}

configureApi({ codecKey: pageCodecKey() });
rememberQueryParams(window.location.search);
capturePixelId(window.location.search);
loadCookieAcceptance();
// The profile gates every route: it and the first page's code are fetched together, at once.
startProfile();
void firstPageChunk(window.location.pathname, readStored(STORAGE_KEYS.token) !== null)?.();
void loadCurrencies();
// Its own small chunk: the service worker and push wait for nothing on the first render.
void import('./effects/push.ts').then((push) => push.startPush());

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
