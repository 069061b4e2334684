/**
 * The second synth's catalogue and queries: `references` songs in the catalogue; covers (−4…+5 semitones,
 * 0.85–1.15× tempo, square lead, drums) of the first half, the melody of the second half over another song's
 * chords (saw lead, sometimes transposed), the progression of the first half under another melody, and originals
 * (songs not in the catalogue). Used by the 'second-synth' evaluation source and by make-set.ts (files for the CLI).
 */
import { Lcg, makeSong, renderSong } from './synth';
import type { SecondSynthRender, SecondSynthSong } from './synth';

export type SecondSynthKind = 'cover' | 'melody' | 'prog' | 'original';

export interface SecondSynthQuery {
  /** e.g. cover_r3: the name says the truth. */
  name: string;
  kind: SecondSynthKind;
  /** Index of the reference it derives from, or of the original song. */
  song: number;
  variant: string;
  render: () => Float32Array;
}

export interface SecondSynthSet {
  songs: SecondSynthSong[];
  references: { index: number; render: () => Float32Array }[];
  queries: SecondSynthQuery[];
}

export function secondSynthSet(references: number, originals: number, seed = 'second-synth'): SecondSynthSet {
  const rnd = new Lcg(seed);
  const songs = Array.from({ length: references + originals }, () => makeSong(rnd));
  const draw = (label: string) => new Lcg(`${seed}:${label}`);
  const play = (song: SecondSynthSong, options: SecondSynthRender, label: string) => () =>
    renderSong(song, options, draw(label));
  const refs = songs.slice(0, references).map((song, index) => {
    const r = draw(`ref${index}`);
    return {
      index,
      render: play(song, { lead: r.pick(['sine', 'saw'] as const), drums: r.next() < 0.5 }, `ref${index}`),
    };
  });
  const half = Math.floor(references / 2);
  const others = songs.slice(references);
  const queries: SecondSynthQuery[] = [];
  for (let i = 0; i < half; i++) {
    const r = draw(`q${i}`);
    const transpose = r.pick([-4, -3, -2, 2, 3, 5]);
    const tempo = r.pick([0.85, 0.9, 1.1, 1.15]);
    queries.push({
      name: `cover_r${i}`, kind: 'cover', song: i, variant: `${transpose > 0 ? '+' : ''}${transpose} st, ${tempo}× tempo, square lead, drums`,
      render: play(songs[i], { transpose, tempo, lead: 'square', drums: true }, `cover${i}`),
    }); // prettier-ignore
    const other = others[i % others.length];
    const m = half + i;
    const shift = r.pick([-2, 0, 3]);
    queries.push({
      name: `melody_r${m}`, kind: 'melody', song: m, variant: `over another song's chords, saw lead, ${shift} st`,
      render: play(songs[m], { progOverride: other.prog, lead: 'saw', transpose: shift }, `melody${m}`),
    }); // prettier-ignore
    const tune = other.melody.map((n) =>
      n.rest || n.midi === undefined ? n : { ...n, midi: n.midi - other.key + songs[i].key },
    );
    queries.push({
      name: `prog_r${i}`, kind: 'prog', song: i, variant: 'progression under another melody',
      render: play(songs[i], { melodyOverride: tune }, `prog${i}`),
    }); // prettier-ignore
  }
  others.forEach((song, k) => {
    const index = references + k;
    queries.push({
      name: `original_${index}`, kind: 'original', song: index, variant: 'new song, saw lead, drums',
      render: play(song, { lead: 'saw', drums: true }, `original${index}`),
    }); // prettier-ignore
  });
  return { songs, references: refs, queries };
}
