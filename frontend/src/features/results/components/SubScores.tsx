import { type AnalysisResultView, keyDescription, tempoDescription } from '@originality/contracts';
import { Progress } from 'antd';
import { Hint } from '../../../components/Hint';

type ScoreField =
  | 'melodyUniqueness'
  | 'rhythmPattern'
  | 'harmonicStructure'
  | 'chordProgressionUniqueness'
  | 'tempoAnalysis'
  | 'lyricsPercentage';

const SUB_SCORES: { field: ScoreField; label: string; hint: string }[] = [
  { field: 'melodyUniqueness', label: 'Melody Uniqueness', hint: 'How far the melody is from every catalogue melody' },
  { field: 'rhythmPattern', label: 'Rhythm Pattern', hint: 'How distinct the rhythm and groove are' },
  { field: 'harmonicStructure', label: 'Harmonic Structure', hint: 'How distinct the harmony is' },
  {
    field: 'chordProgressionUniqueness',
    label: 'Chord Progression',
    hint: 'How unusual the chord sequence is, in any key',
  },
  { field: 'tempoAnalysis', label: 'Tempo', hint: 'How distinct the tempo and its changes are' },
  { field: 'lyricsPercentage', label: 'Lyrics Share', hint: 'Share of the song with vocals' },
];

const KEY_HINT =
  'How sure the reading is: 100 % when the key clearly beats every other key; a song that never resolves can ' +
  'also be heard in the key named after "or" (its relative major or minor, which uses the same notes)';

const TEMPO_HINT =
  'Beats per minute of the beat most listeners tap; a song that can also be heard at half or double that speed ' +
  '(a slow song full of eighth notes, a fast one on a half-time groove) names that tempo after "or"';

/** The sub-scores of spec §3, each as the server measured it. */
export function SubScores({ result }: { result: AnalysisResultView }) {
  return (
    <dl className="sub-scores">
      {SUB_SCORES.map(({ field, label, hint }) => (
        <div key={field} className="sub-score">
          <dt>
            <Hint title={hint}>
              <span>{label}</span>
            </Hint>
          </dt>
          <dd>
            <Progress percent={Math.round(result[field])} size="small" aria-label={label} />
          </dd>
        </div>
      ))}
      <div className="sub-score">
        <dt>
          <Hint title={KEY_HINT}>
            <span>Key</span>
          </Hint>
        </dt>
        <dd>{keyDescription(result) ?? 'Not detected'}</dd>
      </div>
      <div className="sub-score">
        <dt>
          <Hint title={TEMPO_HINT}>
            <span>Tempo</span>
          </Hint>
        </dt>
        {/* 0: no beat was found (silence, a clip too short for one, a drone) */}
        <dd>{tempoDescription(result) ?? 'Not detected'}</dd>
      </div>
    </dl>
  );
}
