import { ANALYSIS_STAGES, type AnalysisProgress, type AnalysisStage, type UploadView } from '@originality/contracts';

/** Spec §4: the bar never shows more than this until the analysis has really completed. */
const CAP_UNTIL_DONE = 95;

/** The five steps of spec §4 in the words the card shows. */
export const STEP_LABELS: Record<AnalysisStage, string> = {
  initializing: 'Initializing analysis',
  'extracting audio features': 'Extracting audio features',
  'analyzing melody patterns': 'Analyzing melody patterns',
  'comparing with database': 'Comparing with database',
  'calculating originality score': 'Calculating originality score',
};

/** Spec §4 checkmarks: each appears once the bar passes its threshold. */
export const CHECKMARKS = [
  { label: 'Melody', above: 40 },
  { label: 'Rhythm', above: 60 },
  { label: 'Harmony', above: 80 },
] as const;

/** What the card knows about one analysis, from the live stream or the upload's status. */
export interface ProgressState {
  status: UploadView['analysisStatus'];
  stage: AnalysisStage;
  /** The worker's own percent (0–100). */
  percent: number;
  reason?: string;
}

export const STARTING: ProgressState = { status: 'pending', stage: 'initializing', percent: 0 };

/** Folds one event into the state; progress never moves backwards within a run. */
export function applyProgress(state: ProgressState, event: AnalysisProgress): ProgressState {
  if (isFinal(state.status)) return state;
  return {
    status: event.status,
    stage: event.stage,
    percent: Math.max(state.percent, clampPercent(event.percent)),
    reason: event.reason,
  };
}

/** Folds a status read (the fallback when the stream drops) into the state. */
export function applyStatus(state: ProgressState, upload: UploadView): ProgressState {
  if (isFinal(state.status)) return state;
  if (upload.analysisStatus === 'completed') return { ...state, status: 'completed', percent: 100 };
  if (upload.analysisStatus === 'failed') {
    return { ...state, status: 'failed', reason: upload.failureReason ?? undefined };
  }
  return { ...state, status: upload.analysisStatus };
}

export const isFinal = (status: ProgressState['status']) => status === 'completed' || status === 'failed';

/** The bar's value: the worker's percent capped at 95 until completion, then 100. */
export function shownPercent(state: ProgressState): number {
  if (state.status === 'completed') return 100;
  return Math.min(CAP_UNTIL_DONE, Math.round(state.percent));
}

export type StepState = 'done' | 'current' | 'waiting';

/** Steps before the worker's stage are done; its stage is current (or done once completed). */
export function stepStates(state: ProgressState): { stage: AnalysisStage; label: string; state: StepState }[] {
  const currentIndex = ANALYSIS_STAGES.indexOf(state.stage);
  return ANALYSIS_STAGES.map((stage, index) => ({
    stage,
    label: STEP_LABELS[stage],
    state:
      index < currentIndex || state.status === 'completed' ? 'done' : index === currentIndex ? 'current' : 'waiting',
  }));
}

function clampPercent(value: number): number {
  return Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;
}
