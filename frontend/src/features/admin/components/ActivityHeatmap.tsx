import { CloseOutlined } from '@ant-design/icons';
import {
  ACTIVITY_WEIGHTS,
  HEATMAP_TIMEFRAMES,
  type HeatmapCell,
  type HeatmapData,
  type HeatmapTimeframe,
} from '@originality/contracts';
import { Button, Card, Segmented } from 'antd';
import { useState } from 'react';
import { useHeatmapData } from '../api/get-heatmap-data';
import { utcHour } from '../lib/display';
import { heatmapLevel } from '../lib/heatmap-levels';
import { LoadFailed } from './LoadFailed';
import { SkeletonRows } from './SkeletonRows';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const SCORE_FORMULA = `Activity score = uploads × ${ACTIVITY_WEIGHTS.upload} + registrations × ${ACTIVITY_WEIGHTS.registration}. Hours in UTC.`;

function describe(cell: HeatmapCell) {
  return `${utcHour(cell.timestamp)}: ${cell.uploads} uploads, ${cell.registrations} registrations, score ${cell.activityScore}`;
}

function Grid({ heatmap, onSelect }: { heatmap: HeatmapData; onSelect(cell: HeatmapCell): void }) {
  const days = new Map<string, HeatmapCell[]>();
  for (const cell of heatmap.data) days.set(cell.date, [...(days.get(cell.date) ?? []), cell]);
  const max = heatmap.summary.maxActivityScore;
  return (
    <div className="heatmap" role="grid" aria-label="Activity by day and hour">
      <div className="heatmap__row" role="row">
        <span className="heatmap__day" />
        {HOURS.map((h) => (
          <span key={h} className="heatmap__hour" role="columnheader">
            {h % 3 === 0 ? h : ''}
          </span>
        ))}
      </div>
      {[...days].map(([date, cells]) => (
        <div className="heatmap__row" role="row" key={date}>
          <span className="heatmap__day" role="rowheader">
            {date.slice(5)}
          </span>
          {cells.map((cell) => (
            <button
              key={cell.timestamp}
              type="button"
              role="gridcell"
              className={`heatmap__cell heatmap__cell--${heatmapLevel(cell.activityScore, max)}`}
              aria-label={describe(cell)}
              title={describe(cell)}
              onClick={() => onSelect(cell)}
            />
          ))}
        </div>
      ))}
    </div>
  );
}

function CellDetail({ cell, onClose }: { cell: HeatmapCell; onClose(): void }) {
  return (
    <section className="heatmap-detail" aria-label="Selected hour">
      <div className="admin-page-header__row">
        <strong>{utcHour(cell.timestamp)}</strong>
        <Button size="small" type="text" icon={<CloseOutlined aria-hidden />} aria-label="Close" onClick={onClose} />
      </div>
      <div>Uploads: {cell.uploads}</div>
      <div>Registrations: {cell.registrations}</div>
      <div>Activity score: {cell.activityScore}</div>
    </section>
  );
}

function Peaks({ heatmap }: { heatmap: HeatmapData }) {
  const { peakHours } = heatmap.summary;
  return (
    <section aria-label="Peak activity">
      <h3>Top 3 peak periods</h3>
      {peakHours.length === 0 ? (
        <p className="muted">No activity in this period.</p>
      ) : (
        <ol className="admin-list">
          {peakHours.map((peak) => (
            <li key={peak.time}>
              {utcHour(peak.time)} — score {peak.score} ({peak.uploads} uploads, {peak.registrations} registrations)
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Spec §2/§4/§9: 7, 14 or 30 days × 24 hours, five intensity levels, a detail panel, the top 3 peaks. */
export function ActivityHeatmap() {
  const [timeframe, setTimeframe] = useState<HeatmapTimeframe>(7);
  const [selected, setSelected] = useState<HeatmapCell | null>(null);
  const heatmap = useHeatmapData(timeframe);
  const choose = (value: HeatmapTimeframe) => {
    setSelected(null);
    setTimeframe(value);
  };
  return (
    <Card
      title="Activity Heatmap"
      extra={
        <Segmented<HeatmapTimeframe>
          aria-label="Timeframe"
          value={timeframe}
          onChange={choose}
          options={HEATMAP_TIMEFRAMES.map((days) => ({ value: days, label: `${days} days` }))}
        />
      }
    >
      <p className="muted">{SCORE_FORMULA}</p>
      {heatmap.isError ? (
        <LoadFailed
          what="Could not load the activity heatmap."
          error={heatmap.error}
          onRetry={() => void heatmap.refetch()}
        />
      ) : !heatmap.data ? (
        <SkeletonRows rows={7} label="Loading the activity heatmap" />
      ) : (
        <>
          <div className="muted">
            {heatmap.data.summary.totalUploads} uploads · {heatmap.data.summary.totalRegistrations} registrations · max
            score {heatmap.data.summary.maxActivityScore} · average {heatmap.data.summary.avgActivityScore}
          </div>
          <Grid heatmap={heatmap.data} onSelect={setSelected} />
          {selected && <CellDetail cell={selected} onClose={() => setSelected(null)} />}
          <Peaks heatmap={heatmap.data} />
        </>
      )}
    </Card>
  );
}
