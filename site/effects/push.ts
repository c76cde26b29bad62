/**
 * The service worker and Web Push subscription: /sw.js is registered at start;
 * 5 s later, for a signed-in user whose notification permission is granted (or granted when
 * asked), the browser subscribes with the server's VAPID key and the subscription is sent with
 * push.subscribe. Every failure is silent.
 */
import { call, user } from '../../core/index.ts';

/** The delay before subscribing. */
export const PUSH_DELAY_MS = 5000;

/** The service worker's URL, at the site root so its scope is the whole site. */
export const SERVICE_WORKER_URL = '/sw.js';

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

async function permission(): Promise<boolean> {
  if (Notification.permission === 'granted') return true;
  if (Notification.permission === 'denied') return false;
  return (await Notification.requestPermission()) === 'granted';
}

async function subscribe(registration: ServiceWorkerRegistration): Promise<void> {
  // Subscriptions belong to an account: a visitor is not asked for permission.
  if (!user.isAuth || !(await permission())) return;
  const key = await call('push.getPublicKey', {});
  if (!key.status) return;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(key.publicKey),
    }));
  await call('push.subscribe', { subscription: JSON.stringify(subscription) });
}

/** Registers the service worker now and subscribes after the delay; never throws. */
export function startPush(): void {
  if (!('serviceWorker' in navigator) || !('Notification' in window)) return;
  navigator.serviceWorker
    .register(SERVICE_WORKER_URL)
    .then((registration) => {
      setTimeout(() => {
        subscribe(registration).catch(() => {
          // Silent: the site works the same without push.
        });
      }, PUSH_DELAY_MS);
    })
    .catch(() => {
      // Silent, as every push failure is.
    });
}
