import { aResult } from '../../reports/report-fixtures';
import { readable, staleCatalogueWarning } from './analyse';

describe('staleCatalogueWarning', () => {
  it('says nothing when every catalogue track is current', () => {
    expect(staleCatalogueWarning(0, 40)).toBeNull();
  });

  it('counts the tracks left out and says how to bring them back', () => {
    const warning = staleCatalogueWarning(3, 0)!;
    expect(warning).toContain('3 of 3 catalogue tracks');
    expect(warning).toContain('catalog import');
  });
});

describe('readable', () => {
  it('prints the key and tempo as read', () => {
    const text = readable({ file: 'song.mp3', ...aResult({ keyConfidence: 0.85 }) });
    expect(text).toContain('D minor (confidence 0.85), 118.4 BPM, 183.2 s; catalogue of 210 tracks');
  });

  it('says the key and tempo are unknown for audio without either (silence)', () => {
    const silence = aResult({ keySignature: undefined, tempoBpm: 0, allMatches: [], similarTracks: [] });
    const text = readable({ file: 'silence.wav', ...silence });
    expect(text).toContain('key unknown, tempo unknown');
    expect(text).toContain('no similar tracks');
  });
});
