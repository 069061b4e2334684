import { DIMENSION_LABELS, type PassageChange, type TrackMove, type VersionDiff } from '@originality/contracts';
import { Card, Table, Tag } from 'antd';
import { rangeText } from '../lib/time-range';

const signed = (n: number) => `${n > 0 ? '+' : ''}${n}`;
const percent = (n: number | null) => (n === null ? '—' : `${Math.round(n)}%`);

const STATUS_TAG: Record<TrackMove['status'], { colour: string; text: string }> = {
  remains: { colour: 'gold', text: 'still matches' },
  gone: { colour: 'green', text: 'no longer matches' },
  new: { colour: 'red', text: 'new match' },
};

const FATE_TEXT: Record<PassageChange['fate'], string> = {
  remains: 'remains',
  disappeared: 'disappeared',
  new: 'new',
};

function passageText(passage: PassageChange): string {
  const segment = passage.after ?? passage.before!;
  const where =
    passage.fate === 'remains'
      ? `${rangeText(passage.before!.query)} → ${rangeText(passage.after!.query)}`
      : rangeText(segment.query);
  return `Your ${where} ↔ their ${rangeText(segment.reference)}: ${FATE_TEXT[passage.fate]}`;
}

/** How each score and each matched track moved from the earlier version to this one. */
export function VersionDiffView({ diff }: { diff: VersionDiff }) {
  return (
    <div className="stack">
      <Card title="Scores">
        <Table
          size="small"
          pagination={false}
          rowKey="field"
          dataSource={diff.scores}
          columns={[
            { title: 'Score', dataIndex: 'label' },
            { title: diff.earlier.title, dataIndex: 'before', render: percent },
            { title: diff.current.title, dataIndex: 'after', render: percent },
            {
              title: 'Change',
              dataIndex: 'change',
              render: (change: number) => (
                <span className={`diff-change diff-change--${Math.sign(change)}`}>{signed(change)}</span>
              ),
            },
          ]}
        />
      </Card>
      <Card title="Similar tracks">
        {diff.tracks.length === 0 ? (
          <p className="muted">Neither version resembles a catalogue track.</p>
        ) : (
          <ul className="match-list">
            {diff.tracks.map((track) => (
              <TrackMoveItem key={track.referenceId} track={track} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function TrackMoveItem({ track }: { track: TrackMove }) {
  const status = STATUS_TAG[track.status];
  return (
    <li className="match" aria-label={track.title}>
      <div className="match__head">
        <div className="match__title">
          <strong>{track.title}</strong>
          <span className="muted"> — {track.artist}</span>
        </div>
        <Tag color={status.colour}>{status.text}</Tag>
        <span>
          {percent(track.before)} → {percent(track.after)}
        </span>
      </div>
      <ul className="match__dimensions">
        {track.dimensions.map((dimension) => (
          <li key={dimension.dimension}>
            <strong>{DIMENSION_LABELS[dimension.dimension]}</strong>: {percent(dimension.before)} →{' '}
            {percent(dimension.after)}
            {dimension.passages.length > 0 && (
              <ul>
                {dimension.passages.map((passage, i) => (
                  <li key={i} className={`passage passage--${passage.fate}`}>
                    {passageText(passage)}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </li>
  );
}
