/** The site's name as people see it in the header, the title and the e-mails. */

/** The name the site goes by where neither SITE_NAME nor its host gives one. */
export const DEFAULT_SITE_NAME = 'Exchange';

/** The site name shown: the host's first label with its first letter capitalised. */
export function siteName(host: string): string {
  const bare = host.replace(/^\[|\]$/g, '');
  // "Localhost" or "127" is no name: a local or IP address keeps the default one.
  if (bare === 'localhost' || /^[\d.]+$/.test(bare) || bare.includes(':')) return DEFAULT_SITE_NAME;
  const label = host.split('.')[0] ?? '';
  return label.charAt(0).toUpperCase() + label.slice(1);
}
