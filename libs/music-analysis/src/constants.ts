/**
 * Named constants of the music domain used by feature extraction. Each says where its value comes from,
 * so a reader can tell a convention from a tuned choice.
 */

/**
 * Analysis sample rate (Hz). 22 050 Hz keeps everything up to 11 kHz, which covers pitch, chroma and
 * onsets, at half the cost of 44.1 kHz. It is librosa's default for the same reason.
 */
export const ANALYSIS_SAMPLE_RATE = 22_050;

/** STFT window length in samples: 2048 @ 22 050 Hz ≈ 93 ms, ≈ 10.8 Hz per bin (librosa default). */
export const FFT_SIZE = 2048;

/** STFT hop in samples: 512 @ 22 050 Hz ≈ 23 ms, ≈ 43 frames/s (librosa default). */
export const HOP_SIZE = 512;

/** Longest stretch of audio decoded (s): 15 min, the cap; longer files are analysed up to this point. */
export const MAX_DECODE_SEC = 900;

/** Default wall-clock limit for one ffmpeg decode (ms). A 15-min file decodes in a few seconds. */
export const DECODE_TIMEOUT_MS = 120_000;

/** Tempo search range (BPM): the range the issue asks for, which covers nearly all popular music. */
export const MIN_BPM = 60;
export const MAX_BPM = 200;

/**
 * Tempo prior: log-normal centred on 120 BPM with a standard deviation of one octave. The centre is the
 * mode of tempo distributions in listening tests (Moelants & McKinney 2004); librosa's beat tracker uses
 * the same prior (start_bpm = 120, std_bpm = 1).
 */
export const TEMPO_PRIOR_BPM = 120;
export const TEMPO_PRIOR_OCTAVES = 1;

/**
 * Beat-tracker tightness α in Ellis (2007), "Beat Tracking by Dynamic Programming", J. New Music Research
 * 36(1): how strongly an inter-beat interval is kept close to the tempo period. 100 is the paper's value.
 */
export const BEAT_TIGHTNESS = 100;

/** Chroma frequency range (Hz): A1 (55 Hz) to 5 kHz, where pitched energy dominates over noise. */
export const CHROMA_MIN_HZ = 55;
export const CHROMA_MAX_HZ = 5_000;

/** Tuning is estimated from spectral peaks in this range, where bins are narrow enough in cents. */
export const TUNING_MIN_HZ = 150;
export const TUNING_MAX_HZ = 4_000;

/** Reference pitch: A4 = 440 Hz = MIDI 69 (ISO 16). */
export const A4_HZ = 440;
export const A4_MIDI = 69;

/** Pitch-class names, sharps, 0 = C. */
export const PITCH_CLASS_NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;

/** Rhythm pattern grid: 4 beats per bar (4/4 assumed) × 4 sub-steps per beat (sixteenth notes). */
export const BEATS_PER_BAR = 4;
export const STEPS_PER_BEAT = 4;
export const RHYTHM_STEPS = BEATS_PER_BAR * STEPS_PER_BEAT;

/**
 * Chroma-embedding patch length in beats. Bertin-Mahieux & Ellis (2012), "Large-scale cover song
 * recognition using the 2D Fourier transform magnitude", ISMIR, use 75-beat patches; 32 beats (8 bars of
 * 4/4) keeps the embedding small (see EMBEDDING_DIM) and still spans a typical phrase.
 */
export const EMBEDDING_PATCH_BEATS = 32;
/**
 * Beat rate (BPM) from which the embedding takes a beat reading for double time and halves it: the upper edge
 * of the tempo octave centred (geometrically) on the tempo prior, 120·√2 ≈ 170 BPM. A patch of 32 tracked
 * beats then spans 8 bars again rather than 4, as it does for the same song tracked at the felt beat.
 */
export const EMBEDDING_MAX_BPM = TEMPO_PRIOR_BPM * Math.SQRT2;

/**
 * Melody contour n-grams (melody-index.ts), the query-by-humming representation (Parsons code: up, down, repeat;
 * Ghias et al. 1995, "Query by humming", ACM Multimedia) with the rhythm of each step. IOI ratios are rounded
 * to CONTOUR_RHYTHM_STEPS_PER_OCTAVE classes per octave — half octaves, so a class spans 2^±0.25, the rhythm
 * tolerance of the note alignment (compare-melody.ts) — and clamped at ±CONTOUR_RHYTHM_MAX_OCTAVES (longer
 * jumps are rests and phrase ends, not rhythm). A step is one of 3 × 5 = 15 symbols, fewer than the 12 pitch
 * intervals × rhythm, so a gram spans CONTOUR_GRAM_STEPS = 4 steps (5 notes), one more than the interval n-grams,
 * to be about as specific (15⁴ ≈ 51 000 codes against 12³ = 1 728).
 */
export const CONTOUR_RHYTHM_STEPS_PER_OCTAVE = 2;
export const CONTOUR_RHYTHM_MAX_OCTAVES = 1;
export const CONTOUR_GRAM_STEPS = 4;

/** Singing-voice fundamental range (Hz): bass low E2 ≈ 82 Hz to soprano C6 ≈ 1047 Hz. */
export const VOICE_MIN_HZ = 80;
export const VOICE_MAX_HZ = 1_100;
