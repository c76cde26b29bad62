/**
 * The footer, hidden on admin paths: logo, copyright with the current year, social
 * links from config.socials, the link groups and the risk disclaimer.
 */
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { config } from '../../core/index.ts';
import { footerGroups, isAdminPath, mailDomain } from '../navigation.ts';
import { useSiteName } from '../useSiteName.ts';

const SOCIAL_LABELS = {
  twitter: 'Twitter',
  youtube: 'YouTube',
  instagram: 'Instagram',
  telegram: 'Telegram',
} as const;

/** The risk disclaimer every page carries. */
export const RISK_DISCLAIMER =
  'Crypto-assets are volatile and can lose all of their value. Trade only with money you can afford to lose, and make sure you understand the risks. Nothing on this site is investment advice.';

/** The page footer. */
export function Footer() {
  const [location] = useLocation();
  const { socials } = useSnapshot(config);
  const name = useSiteName();
  if (isAdminPath(location)) return null;
  const socialLinks = (Object.keys(SOCIAL_LABELS) as (keyof typeof SOCIAL_LABELS)[]).flatMap(
    (key) => {
      const href = socials[key];
      return href && /^https?:\/\//.test(href) ? [{ key, href, label: SOCIAL_LABELS[key] }] : [];
    },
  );

  return (
    <footer className="footer">
      <div className="footer-top">
        <div className="footer-brand">
          <Link href="/" className="brand">
            <img src="/favicon.svg" alt="" width="28" height="28" />
            <span>{name}</span>
          </Link>
          <p className="footer-copyright">
            © {new Date().getFullYear()} {name}. All rights reserved.
          </p>
          {socialLinks.length > 0 ? (
            <ul className="footer-socials footer-links" aria-label="Social media">
              {socialLinks.map((social) => (
                <li key={social.key}>
                  <a href={social.href} rel="noopener noreferrer" target="_blank">
                    {social.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <nav className="footer-groups" aria-label="Footer">
          {footerGroups(mailDomain(window.location.hostname)).map((group) => (
            <section
              key={group.label}
              className="footer-group footer-links"
              aria-labelledby={`footer-${group.label.toLowerCase().replace(/\W+/g, '-')}`}
            >
              <h2 id={`footer-${group.label.toLowerCase().replace(/\W+/g, '-')}`}>{group.label}</h2>
              <ul>
                {group.links.map((link) => (
                  <li key={link.label}>
                    {link.href.startsWith('mailto:') ? (
                      <a href={link.href}>{link.label}</a>
                    ) : (
                      <Link href={link.href}>{link.label}</Link>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>
      </div>
      <p className="footer-disclaimer">
        <strong>Risk warning:</strong> {RISK_DISCLAIMER}
      </p>
    </footer>
  );
}
