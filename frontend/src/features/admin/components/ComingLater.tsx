import { Card, Empty } from 'antd';
import { AdminPageHeader } from './AdminPageHeader';

/** An admin screen whose data service is not live yet: its heading and a plain statement. */
export function ComingLater({ title, what }: { title: string; what: string }) {
  return (
    <div className="stack">
      <AdminPageHeader title={title} />
      <Card>
        <Empty description={`${what} is coming in a later release.`} />
      </Card>
    </div>
  );
}
