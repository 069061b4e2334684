import { CloseOutlined, MenuOutlined } from '@ant-design/icons';
import { Button } from 'antd';

/** The small-screen menu button; the header decides what the open menu holds. */
export function MobileMenuToggle({ open, onToggle, controls }: { open: boolean; onToggle(): void; controls: string }) {
  return (
    <Button
      className="mobile-menu-toggle"
      type="text"
      icon={open ? <CloseOutlined /> : <MenuOutlined />}
      aria-label={open ? 'Close menu' : 'Open menu'}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    />
  );
}
