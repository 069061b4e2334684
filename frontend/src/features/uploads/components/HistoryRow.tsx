import { ReloadOutlined } from '@ant-design/icons';
import type { AnalysisStatus, UploadView } from '@originality/contracts';
import { Button, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { Hint } from '../../../components/Hint';
import { TIMINGS } from '../../../lib/timings';
import { relativeUploadTime } from '../lib/relative-time';

const STATUS_TAGS: Record<AnalysisStatus, { color: string; label: string }> = {
  completed: { color: 'green', label: 'Completed' },
  analyzing: { color: 'blue', label: 'Analyzing' },
  pending: { color: 'default', label: 'Pending' },
  failed: { color: 'red', label: 'Failed' },
};

export interface HistoryRowProps {
  upload: UploadView;
  onOpen(uploadId: string): void;
  onReanalyze(upload: UploadView): void;
}

/** One upload: filename, relative time, status, originality, matches; completed ones open and re-run. */
export function HistoryRow({ upload, onOpen, onReanalyze }: HistoryRowProps) {
  const completed = upload.analysisStatus === 'completed';
  const status = STATUS_TAGS[upload.analysisStatus];
  return (
    <li className="history-row">
      <div className="history-row__main">
        {completed ? (
          <Button type="link" className="history-row__open" onClick={() => onOpen(upload.id)}>
            {upload.originalFilename}
          </Button>
        ) : (
          <span className="history-row__name">{upload.originalFilename}</span>
        )}
        <div className="muted">{relativeUploadTime(upload.createdAt)}</div>
        {upload.analysisStatus === 'failed' && upload.failureReason && (
          <div className="history-row__reason">{upload.failureReason}</div>
        )}
      </div>
      <div className="history-row__facts">
        <Tag color={status.color}>{status.label}</Tag>
        {completed && upload.originalityScore !== null && (
          <span className="history-row__score">{Math.round(upload.originalityScore)}% original</span>
        )}
        {completed && upload.matchCount !== null && (
          <span className="muted">
            {upload.matchCount} {upload.matchCount === 1 ? 'match' : 'matches'}
          </span>
        )}
        {completed && <ReanalyzeButton upload={upload} onReanalyze={onReanalyze} />}
      </div>
    </li>
  );
}

/** Spec §4: locks for about a second after a click so one click starts one analysis. */
function ReanalyzeButton({ upload, onReanalyze }: Pick<HistoryRowProps, 'upload' | 'onReanalyze'>) {
  const [locked, setLocked] = useState(false);
  useEffect(() => {
    if (!locked) return;
    const timer = setTimeout(() => setLocked(false), TIMINGS.reanalyzeLock);
    return () => clearTimeout(timer);
  }, [locked]);
  return (
    <Hint title="Analyse this song again">
      <Button
        icon={<ReloadOutlined />}
        aria-label={`Reanalyze ${upload.originalFilename}`}
        disabled={locked}
        onClick={() => {
          setLocked(true);
          onReanalyze(upload);
        }}
      >
        Reanalyze
      </Button>
    </Hint>
  );
}
