import { existsSync, readdirSync } from 'node:fs';
import { BLUPI_DIR, blupiRenders, openMsxSplit } from '../eval/sources/arrangements';

describe('tempo files', () => {
  it('hold out about a third of the openMSX songs, the same way every time', () => {
    const names = Array.from({ length: 300 }, (_, i) => `song_${i}.mid`);
    const heldOut = names.filter((n) => openMsxSplit(n) === 'held-out');
    expect(heldOut.length / names.length).toBeGreaterThan(0.25);
    expect(heldOut.length / names.length).toBeLessThan(0.42);
    expect(names.filter((n) => openMsxSplit(n) === 'held-out')).toEqual(heldOut);
  });

  it("split Planet Blupi's installed songs into two disjoint halves that hold every file (none when not installed)", () => {
    const installed = existsSync(BLUPI_DIR) ? readdirSync(BLUPI_DIR).filter((f) => f.endsWith('.mid')) : [];
    const tuning = blupiRenders('tuning').map((s) => s.midi);
    const heldOut = blupiRenders('held-out').map((s) => s.midi);
    expect(tuning.filter((m) => heldOut.includes(m))).toEqual([]);
    expect([...tuning, ...heldOut].sort()).toEqual(installed.map((f) => `${BLUPI_DIR}/${f}`).sort());
  });
});
