import { aResult } from '../../reports/report-fixtures';
import { readable } from './analyse';

describe('readable', () => {
  it('prints the key and tempo as read', () => {
    const text = readable({ file: 'song.mp3', ...aResult({ keyConfidence: 0.85 }) });
    expect(text).toContain('D minor (confidence 0.85), 118.4 BPM, 183.2 s; catalogue of 210 tracks');
  });

  it('prints the other metrical level the tempo could be heard at', () => {
    const text = readable({ file: 'song.mp3', ...aResult({ tempoBpm: 76, tempoAlternativeBpm: 152 }) });
    expect(text).toContain('76.0 BPM (or 152.0 at double time)');
  });

  it('says the key and tempo are unknown for audio without either (silence)', () => {
    const silence = aResult({ keySignature: undefined, tempoBpm: 0, allMatches: [], similarTracks: [] });
    const text = readable({ file: 'silence.wav', ...silence });
    expect(text).toContain('key unknown, tempo unknown');
    expect(text).toContain('no similar tracks');
    expect(text).not.toContain('silent');
  });

  it('says a silent file was not compared', () => {
    const silence = aResult({ keySignature: undefined, tempoBpm: 0, allMatches: [], similarTracks: [], silent: true });
    expect(readable({ file: 'silence.wav', ...silence })).toContain('the file is silent: nothing was compared');
  });

  it('says a clip under 2 s is often too short for a copy to be found, and says nothing of a song', () => {
    const clip = aResult({ durationSec: 1.4, allMatches: [], similarTracks: [] });
    expect(readable({ file: 'clip.wav', ...clip })).toContain(
      'the clip is shorter than 2 s: a copy this short is often missed',
    );
    expect(readable({ file: 'song.mp3', ...aResult({}) })).not.toContain('shorter than');
  });
});
