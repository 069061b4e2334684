import { openMsxSplit } from '../eval/sources/arrangements';

describe('tempo files', () => {
  it('hold out about a third of the openMSX songs, the same way every time', () => {
    const names = Array.from({ length: 300 }, (_, i) => `song_${i}.mid`);
    const heldOut = names.filter((n) => openMsxSplit(n) === 'held-out');
    expect(heldOut.length / names.length).toBeGreaterThan(0.25);
    expect(heldOut.length / names.length).toBeLessThan(0.42);
    expect(names.filter((n) => openMsxSplit(n) === 'held-out')).toEqual(heldOut);
  });
});
