import { tmpdir } from 'node:os';
import { trackOf } from '@originality/music-synth';
import { decodeAudio, extractFeatures } from '@originality/music-analysis';
import { catalogueArrangement, gmPieces, renderCatalogueGm } from './eval/sources/gm-pieces';
async function main() {
  const id = process.argv[2];
  const gm = gmPieces('full', () => true).find((p) => p.id === id)!;
  const a = catalogueArrangement(gm);
  const piece = gm.arrange({ accompaniment: a.accompaniment, drums: a.drums });
  const spb = 60 / piece.bpm;
  console.log(JSON.stringify(a.programs), a.accompaniment, piece.bpm);
  for (const t of piece.tracks) console.log(t.role, t.notes.slice(0, t.role === "melody" ? 40 : 6).map((n) => `${n.pitch}@${(n.start * spb).toFixed(2)}-${((n.start + n.dur) * spb).toFixed(2)}`).join(' '));
  const f = extractFeatures(await decodeAudio(await renderCatalogueGm(gm, tmpdir())));
  console.log('est', f.melody.slice(0, 30).map((n) => `${n.pitch}@${n.start.toFixed(2)}-${(n.start + n.duration).toFixed(2)}`).join(' '));
}
main();
