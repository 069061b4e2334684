/**
 * A second, independent case maker for a spot check that the engine is not tuned to libs/music-synth: plain
 * additive synthesis (sine/square/saw leads with vibrato, triangle pads, noise hats, sine kicks), its own random
 * melodies and progressions, written without any code of the main generator. It writes 20 reference WAVs with a
 * manifest and 34 queries: covers (−4…+5 semitones, 0.85–1.15× tempo, square lead, drums), the melody over
 * other chords, the progression under a new melody, and originals.
 *
 *   node tools/eval/second-synth/make-set.mjs DIR
 *   DATABASE_URL=…/fresh npm run -s analysis -- catalog import DIR/manifest.json
 *   npm run -s analysis -- analyse DIR/queries/*.wav --json > results.jsonl
 *   node tools/eval/second-synth/summarise.mjs results.jsonl
 *
 * Query names say the truth: cover_r3 and melody_r13 come from reference r3 / r13; prog_* and original_* should
 * not be strong matches.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
const SR = 22050;
let seed = 12345;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = (a) => a[Math.floor(rnd() * a.length)];
const scale = [0, 2, 4, 5, 7, 9, 11];
function song() {
  const key = Math.floor(rnd() * 12);
  const bpm = 80 + Math.floor(rnd() * 70);
  const prog = Array.from({ length: 4 }, () => pick([0, 3, 4, 5, 1]));
  const melody = [];
  let deg = 7;
  for (let bar = 0; bar < 16; bar++) {
    let t = 0;
    while (t < 4) {
      const d = pick([0.5, 0.5, 1, 1, 1.5, 2]);
      const dur = Math.min(d, 4 - t);
      deg = Math.max(0, Math.min(14, deg + pick([-2, -1, -1, 0, 1, 1, 2, 3, -3])));
      if (rnd() < 0.12) melody.push({ beat: bar * 4 + t, dur, rest: true });
      else melody.push({ beat: bar * 4 + t, dur, midi: 60 + key + Math.floor(deg / 7) * 12 + scale[deg % 7] });
      t += dur;
    }
  }
  return { key, bpm, prog, melody };
}
const hz = (m) => 440 * 2 ** ((m - 69) / 12);
function render(
  s,
  {
    transpose = 0,
    tempo = 1,
    lead = 'sine',
    pad = true,
    drums = false,
    melodyOn = true,
    progOverride,
    melodyOverride,
  } = {},
) {
  const spb = 60 / (s.bpm * tempo);
  const beats = 64;
  const n = Math.ceil((beats * spb + 1) * SR);
  const out = new Float32Array(n);
  const mel = melodyOverride ?? s.melody;
  const prog = progOverride ?? s.prog;
  const harm =
    lead === 'sine'
      ? [1, 0.3, 0.1]
      : lead === 'square'
        ? [1, 0, 0.33, 0, 0.2, 0, 0.14]
        : [1, 0.5, 0.33, 0.25, 0.2, 0.16];
  if (melodyOn)
    for (const note of mel) {
      if (note.rest) continue;
      const f = hz(note.midi + transpose);
      const start = Math.floor(note.beat * spb * SR),
        len = Math.floor(note.dur * spb * SR * 0.95);
      for (let i = 0; i < len && start + i < n; i++) {
        const env = Math.min(1, i / (0.02 * SR)) * Math.min(1, (len - i) / (0.03 * SR));
        const vib = 1 + 0.004 * Math.sin((2 * Math.PI * 5.5 * i) / SR);
        let v = 0;
        harm.forEach((a, h) => {
          if (a) v += a * Math.sin((2 * Math.PI * f * vib * (h + 1) * i) / SR);
        });
        out[start + i] += 0.25 * env * v;
      }
    }
  if (pad)
    for (let bar = 0; bar < 16; bar++) {
      const root = s.key + scale[prog[bar % 4] % 7];
      const third = s.key + scale[(prog[bar % 4] + 2) % 7] + (prog[bar % 4] + 2 >= 7 ? 12 : 0);
      const fifth = s.key + scale[(prog[bar % 4] + 4) % 7] + (prog[bar % 4] + 4 >= 7 ? 12 : 0);
      const start = Math.floor(bar * 4 * spb * SR),
        len = Math.floor(4 * spb * SR);
      for (const m of [48 + root, 48 + third, 48 + fifth, 36 + root]) {
        const f = hz(m + transpose);
        for (let i = 0; i < len && start + i < n; i++) {
          const env = Math.min(1, i / (0.05 * SR)) * Math.min(1, (len - i) / (0.05 * SR));
          const ph = ((f * i) / SR) % 1;
          out[start + i] += 0.06 * env * (4 * Math.abs(ph - 0.5) - 1);
        }
      }
    }
  if (drums)
    for (let b = 0; b < beats * 2; b++) {
      const start = Math.floor(((b * spb) / 2) * SR);
      for (let i = 0; i < 0.05 * SR && start + i < n; i++)
        out[start + i] += 0.08 * (rnd() * 2 - 1) * Math.exp(-i / (0.01 * SR));
      if (b % 2 === 0)
        for (let i = 0; i < 0.15 * SR && start + i < n; i++)
          out[start + i] += 0.3 * Math.sin((2 * Math.PI * 60 * i) / SR) * Math.exp(-i / (0.04 * SR));
    }
  let peak = 0;
  for (const x of out) peak = Math.max(peak, Math.abs(x));
  for (let i = 0; i < n; i++) out[i] = (out[i] / peak) * 0.8;
  return out;
}
function wav(path, x) {
  const b = Buffer.alloc(44 + x.length * 2);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + x.length * 2, 4);
  b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(SR, 24);
  b.writeUInt32LE(SR * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36);
  b.writeUInt32LE(x.length * 2, 40);
  for (let i = 0; i < x.length; i++) b.writeInt16LE(Math.round(Math.max(-1, Math.min(1, x[i])) * 32767), 44 + i * 2);
  writeFileSync(path, b);
}
const dir = process.argv[2];
if (!dir) throw new Error('usage: make-set.mjs DIR');
mkdirSync(`${dir}/refs`, { recursive: true });
mkdirSync(`${dir}/queries`, { recursive: true });
const songs = Array.from({ length: 24 }, song);
const manifest = [];
songs.slice(0, 20).forEach((s, i) => {
  wav(`${dir}/refs/r${i}.wav`, render(s, { lead: pick(['sine', 'saw']), drums: rnd() < 0.5 }));
  manifest.push({ file: `refs/r${i}.wav`, title: `Ref ${i}`, artist: 'Indep', releaseYear: 2020 });
});
writeFileSync(`${dir}/manifest.json`, JSON.stringify(manifest));
for (let i = 0; i < 10; i++) {
  const s = songs[i];
  const tr = pick([-4, -3, -2, 2, 3, 5]),
    te = pick([0.85, 0.9, 1.1, 1.15]);
  wav(`${dir}/queries/cover_r${i}.wav`, render(s, { transpose: tr, tempo: te, lead: 'square', drums: true }));
  const other = songs[20 + (i % 4)];
  wav(
    `${dir}/queries/melody_r${10 + i}.wav`,
    render(songs[10 + i], { progOverride: other.prog, lead: 'saw', transpose: pick([-2, 0, 3]) }),
  );
  wav(
    `${dir}/queries/prog_r${i}.wav`,
    render(s, { melodyOverride: other.melody.map((n) => (n.rest ? n : { ...n, midi: n.midi - other.key + s.key })) }),
  );
}
for (let i = 20; i < 24; i++) wav(`${dir}/queries/original_${i}.wav`, render(songs[i], { lead: 'saw', drums: true }));
console.log('ok');
