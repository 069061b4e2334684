import { Spin } from 'antd';

export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="page-spinner" role="status" aria-label={label}>
      <Spin size="large" />
    </div>
  );
}
