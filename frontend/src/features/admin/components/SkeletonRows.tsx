import { Skeleton } from 'antd';

/** Placeholder rows while a list or a card loads (spec §9 counts: 4, 8, 5 and 5). */
export function SkeletonRows({ rows, label }: { rows: number; label: string }) {
  return (
    <div role="status" aria-label={label} className="skeleton-rows">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} data-testid="skeleton-row">
          <Skeleton.Input active block size="small" />
        </div>
      ))}
    </div>
  );
}
