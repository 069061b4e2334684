import { CheckCircleFilled, CloseOutlined, LoadingOutlined } from '@ant-design/icons';
import type { UploadView } from '@originality/contracts';
import { Alert, Button, Card, Progress, Tag } from 'antd';
import { useEffect, useRef } from 'react';
import { TIMINGS } from '../../../lib/timings';
import { useAnalysisProgress } from '../hooks/use-analysis-progress';
import { CHECKMARKS, type ProgressState, shownPercent, STEP_LABELS, stepStates } from '../lib/progress';

export interface ProgressCardProps {
  upload: UploadView;
  /** Called shortly after 'Analysis complete!' shows, to open the result. */
  onCompleted(uploadId: string): void;
  onDismiss(): void;
}

/** Spec §4 progress card, fed by the worker's real progress. */
export function ProgressCard({ upload, onCompleted, onDismiss }: ProgressCardProps) {
  const state = useAnalysisProgress(upload);
  const percent = shownPercent(state);
  const completed = useRef(onCompleted);
  completed.current = onCompleted;

  useEffect(() => {
    if (state.status !== 'completed') return;
    const timer = setTimeout(() => completed.current(upload.id), TIMINGS.resultOpensAfter);
    return () => clearTimeout(timer);
  }, [state.status, upload.id]);

  return (
    <Card
      className="progress-card"
      title={<h2 className="card-title">Analyzing “{upload.originalFilename}”</h2>}
      extra={
        state.status === 'failed' && (
          <Button type="text" icon={<CloseOutlined />} aria-label="Close" onClick={onDismiss} />
        )
      }
    >
      <Progress
        percent={percent}
        status={state.status === 'failed' ? 'exception' : state.status === 'completed' ? 'success' : 'active'}
        aria-label="Analysis progress"
      />
      <ProgressMessage state={state} />
      <ol className="progress-steps">
        {stepStates(state).map((step) => (
          <li key={step.stage} className={`progress-step progress-step--${step.state}`}>
            {step.state === 'done' ? (
              <CheckCircleFilled className="progress-step__icon" aria-label="done" />
            ) : step.state === 'current' && state.status !== 'failed' ? (
              <LoadingOutlined className="progress-step__icon" aria-label="in progress" />
            ) : (
              <span className="progress-step__icon progress-step__dot" aria-hidden />
            )}
            {step.label}
          </li>
        ))}
      </ol>
      <div className="progress-checks" aria-label="Checks">
        {CHECKMARKS.map((check) => {
          const passed = percent > check.above;
          return (
            <Tag key={check.label} color={passed ? 'green' : 'default'} icon={passed ? <CheckCircleFilled /> : null}>
              {check.label}
              {passed ? ' ✓' : ''}
            </Tag>
          );
        })}
      </div>
    </Card>
  );
}

function ProgressMessage({ state }: { state: ProgressState }) {
  if (state.status === 'completed') return <p className="progress-message">Analysis complete!</p>;
  if (state.status === 'failed') {
    return (
      <Alert
        type="error"
        showIcon
        title="Analysis failed"
        description={state.reason ?? 'The analysis could not be completed.'}
      />
    );
  }
  return (
    <p className="progress-message" role="status">
      {STEP_LABELS[state.stage]}…
    </p>
  );
}
