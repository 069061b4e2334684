import type { ReactNode } from 'react';

/**
 * A card as antd draws one (white, bordered, rounded, padded), without antd's Card: that component always loads
 * antd's tabs, menus, dropdowns and skeletons (≈ 25 kB gzipped), too much for the pages a visitor opens first
 * (landing, login, maintenance). Pages further in use antd's Card.
 */
export function PlainCard({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={className ? `plain-card ${className}` : 'plain-card'}>{children}</div>;
}
