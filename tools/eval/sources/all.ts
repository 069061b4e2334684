/** Every case source by name (source.ts SOURCE_NAMES), for the evaluation and its tools. */
import { arrangementsSource } from './arrangements';
import { effectsSource } from './effects';
import { gmSource } from './gm';
import { ownSource } from './own';
import { recordingsSource } from './recordings';
import { recordings2Source } from './recordings-2';
import { recordings3Source } from './recordings-3';
import { secondSynthSource } from './second-synth';
import type { CaseSource, SourceName } from './source';

export const SOURCES: Record<SourceName, CaseSource> = {
  own: ownSource,
  'second-synth': secondSynthSource,
  gm: gmSource,
  effects: effectsSource,
  recordings: recordingsSource,
  'recordings-2': recordings2Source,
  'recordings-3': recordings3Source,
  arrangements: arrangementsSource,
};
