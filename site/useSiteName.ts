/**
 * What the site calls itself on screen: SITE_NAME when the operator set one (it comes with the
 * profile's config), else the host's first label, and never "Localhost" or "127" (core siteName).
 */
import { useSnapshot } from 'valtio';
import { config, siteName } from '../core/index.ts';

export function useSiteName(): string {
  const { name } = useSnapshot(config);
  return name ?? siteName(window.location.hostname);
}
