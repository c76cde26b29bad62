/** The staff Dashboard's navigation: one link per section, the open one marked as the page. */
import { Link, useLocation } from 'wouter';
import { DASHBOARD_SECTIONS } from '../../navigation.ts';

const styles = `
.dashboard-nav .pill-list { margin: 0 0 1rem; }
.dashboard-nav a[aria-current="page"] { border-color: var(--accent); color: var(--accent); }
`;

/** The links to the Dashboard's sections. */
export function DashboardNav() {
  const [location] = useLocation();
  return (
    <nav className="dashboard-nav" aria-label="Dashboard">
      <style>{styles}</style>
      <ul className="pill-list">
        {DASHBOARD_SECTIONS.map((link) => (
          <li key={link.href}>
            <Link href={link.href} aria-current={location === link.href ? 'page' : undefined}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
