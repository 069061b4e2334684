import { decodeAudio, extractFeatures, compareMelodies, compareHarmony, atPlausibleTempo, compareExactAudio, compareTempo, reuseTransforms } from '@originality/music-analysis';
async function main() {
  const [qf, rf] = process.argv.slice(2);
  const q = extractFeatures(await decodeAudio(qf!));
  const r = extractFeatures(await decodeAudio(rf!));
  const melody = atPlausibleTempo(compareMelodies(q.melody, r.melody));
  const harmony = atPlausibleTempo(compareHarmony(q.beatChroma, r.beatChroma));
  const tempo = compareTempo(q, r);
  for (const d of [melody, harmony, tempo]) console.log(d.dimension, d.similarity.toFixed(1), JSON.stringify(d.transform), JSON.stringify(d.segments[0]));
  console.log('transforms', JSON.stringify(reuseTransforms([melody, harmony], tempo)));
  const grid = [0.8, 0.85, 0.9, 1.1, 1.15, 1.2, 1.2464, 1.25].map((speed) => ({ semitones: 0, speed }));
  const c = compareExactAudio(q, r, grid, 20);
  console.log('exact on grid', c.similarity, JSON.stringify(c.transform));
}
void main();
