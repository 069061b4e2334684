import { Card, Statistic } from 'antd';
import type { ReactNode } from 'react';

/** One figure of an admin screen's card row: its title, its value and, under it, an optional muted line. */
export function StatCard({ title, value, children }: { title: string; value: string | number; children?: ReactNode }) {
  return (
    <Card>
      <Statistic title={title} value={value} />
      {children !== undefined && <div className="muted">{children}</div>}
    </Card>
  );
}
