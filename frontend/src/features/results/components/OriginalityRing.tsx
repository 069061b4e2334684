import { originalityLevel, originalityVerdict, type OriginalityLevel } from '@originality/contracts';
import { Progress } from 'antd';

const RING_COLOUR: Record<OriginalityLevel, string> = {
  high: '#16a34a',
  good: '#ca8a04',
  moderate: '#dc2626',
  silent: '#9ca3af',
};

/**
 * The originality score as a ring, with its spec §9 label. A silent file's ring is grey and says nothing was
 * compared, as its report does: its 100 % is about no music at all.
 */
export function OriginalityRing({ score, silent = false }: { score: number; silent?: boolean }) {
  const label = originalityVerdict(score, silent);
  const colour = RING_COLOUR[originalityLevel(score, silent)];
  return (
    <figure className="originality-ring" aria-label={`Originality ${Math.round(score)}%, ${label}`}>
      <Progress
        type="circle"
        percent={score}
        size={160}
        strokeColor={colour}
        format={(value) => `${Math.round(value ?? 0)}%`}
      />
      <figcaption>
        <strong>{label}</strong>
        <div className="muted">Originality score</div>
      </figcaption>
    </figure>
  );
}
