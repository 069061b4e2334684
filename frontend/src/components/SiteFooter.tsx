import { Link } from 'react-router-dom';
import { BRAND } from './Logo';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <span className="site-footer__brand">{BRAND}</span>
      <Link to="/terms">Terms &amp; Conditions</Link>
      <span>© 2025 {BRAND}. All rights reserved.</span>
    </footer>
  );
}
