import { type ReactNode, useId, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Logo } from './Logo';
import { MobileMenuToggle } from './MobileMenuToggle';

interface ResponsiveHeaderProps {
  /** The navigation; rendered inline on wide screens and in the toggled panel on small ones. */
  nav: ReactNode;
  /** Items that stay visible beside the toggle on small screens too. */
  always?: ReactNode;
}

/** The logo, a navigation and a mobile menu toggle; the menu closes when the route changes. */
export function ResponsiveHeader({ nav, always }: ResponsiveHeaderProps) {
  const menuId = useId();
  const { pathname } = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Logo />
        <nav className="nav-desktop" aria-label="Main">
          {nav}
        </nav>
        <div className="site-header__always">
          {always}
          <MobileMenuToggle open={open} controls={menuId} onToggle={() => setOpenAt(open ? null : pathname)} />
        </div>
      </div>
      {open && (
        <nav id={menuId} className="nav-mobile" aria-label="Mobile">
          {nav}
        </nav>
      )}
    </header>
  );
}
