/** The header's Menu button and the mobile menu it opens below the desktop breakpoint. */
import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { modals, toggleMenu } from '../../core/index.ts';

const MOBILE_MENU_ID = 'mobile-menu';

// Only loaded when opened: desktop visitors never need it.
const MobileMenu = lazy(() =>
  import('./MobileMenu.tsx').then((module) => ({ default: module.MobileMenu })),
);

/** The Menu button (its expanded state tied to the store) and, while open, the menu itself. */
export function MobileMenuToggle() {
  const { isMenuOpen } = useSnapshot(modals);
  return (
    <>
      <button
        type="button"
        className="menu-button"
        aria-expanded={isMenuOpen}
        aria-controls={MOBILE_MENU_ID}
        onClick={toggleMenu}
      >
        <span className="menu-button-icon" aria-hidden="true" />
        Menu
      </button>
      {isMenuOpen ? (
        <Suspense
          fallback={<nav id={MOBILE_MENU_ID} className="mobile-menu" aria-label="Mobile" />}
        >
          <MobileMenu id={MOBILE_MENU_ID} />
        </Suspense>
      ) : null}
    </>
  );
}
