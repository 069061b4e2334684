import { Button, Input, Select } from 'antd';
import { type HistoryFilter, STATUS_OPTIONS, type StatusFilter } from '../lib/history-filter';

export interface HistoryFiltersProps {
  filter: HistoryFilter;
  onChange(filter: HistoryFilter): void;
}

/** The search box and status dropdown the Filter toggle reveals. */
export function HistoryFilters({ filter, onChange }: HistoryFiltersProps) {
  return (
    <div className="history-filters">
      <Input.Search
        allowClear
        placeholder="Search by filename"
        aria-label="Search by filename"
        value={filter.search}
        onChange={(event) => onChange({ ...filter, search: event.target.value })}
      />
      <Select<StatusFilter>
        aria-label="Filter by status"
        className="history-filters__status"
        value={filter.status}
        options={STATUS_OPTIONS}
        onChange={(status) => onChange({ ...filter, status })}
      />
    </div>
  );
}

export function ClearFiltersButton({ onClear, disabled }: { onClear(): void; disabled: boolean }) {
  return (
    <Button type="link" onClick={onClear} disabled={disabled}>
      Clear Filters
    </Button>
  );
}
