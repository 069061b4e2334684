import { CustomerServiceFilled } from '@ant-design/icons';
import { Link } from 'react-router-dom';

export const BRAND = 'Originality';

/** The brand mark; it always links to the landing page (spec §2). */
export function Logo() {
  return (
    <Link to="/landing" className="logo" aria-label={`${BRAND} home`}>
      <CustomerServiceFilled aria-hidden />
      <span>{BRAND}</span>
    </Link>
  );
}
