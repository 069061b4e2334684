/**
 * In-repo music generator for demo catalogues and engine evaluation (never used for scoring):
 * a score model, a seeded composer, transforms that make labelled variants, a renderer and a WAV writer.
 */
export * from './piece';
export { createRng, hashString } from './prng';
export type { Rng } from './prng';
export {
  composePiece,
  composeHarmony,
  composeMelodyTrack,
  composeAccompaniment,
  composeDrumTrack,
  harmonyAt,
  voiceChord,
} from './compose';
export type { ComposeOptions, Key } from './compose';
export { STYLE_SPECS } from './styles';
export type { StyleSpec, DrumGroove, BassLine, Comping } from './styles';
export { PROGRESSIONS, SCALE, midiToHz, roman } from './theory';
export { renderPiece, excerpt } from './render';
export type { RenderOptions } from './render';
export { DEFAULT_SAMPLE_RATE } from './dsp';
export {
  transpose,
  withTempo,
  reorchestrate,
  melodyOverNewChords,
  progressionUnderNewMelody,
  newPieceInSameStyle,
} from './transforms';
export { encodeWav, writeWav } from './wav';
export { MIDI_DIR, midiTempoAndKey, pieceFromMidi, publicDomainPiece, publicDomainScores } from './midi';
export type { MidiPieceOptions, PublicDomainScore } from './midi';
export { midiChannelPrograms, rearrangeMidi } from './midi-rearrange';
export type { MidiRearrangement } from './midi-rearrange';
export {
  DEMO_LICENCE,
  DEMO_PLATFORM,
  PUBLIC_DOMAIN_SECONDS,
  demoTrack,
  demoTrackOfLength,
  generateDemoCatalogue,
} from './demo-catalogue';
export type { DemoCatalogueOptions, DemoTrack, ManifestEntry } from './demo-catalogue';
export { ffmpegPath, runFfmpeg } from './ffmpeg';
export { GM_PROGRAM, pieceToMidi, renderMidiFile, soundfontPath, soundfontUnavailable } from './soundfont';
export type { GmInstrument, MidiRenderOptions } from './soundfont';
export { EFFECT_CHAINS, applyFilter, mixSample, pitchShiftFilter, speedFilter } from './effects';
export type { EffectChain, SampleMix } from './effects';
