import type { TrackMatch } from '@originality/contracts';
import { rankedMatches, similarityTone, visibleMatches } from './labels';
import { previewSearchUrl } from './track-preview';
import { rangeText } from './time-range';

const aMatch = (title: string, similarity: number) => ({ referenceId: title, title, similarity }) as TrackMatch;

describe('result labels (spec §9)', () => {
  it('colours similarity red from 80 and yellow from 60', () => {
    expect(similarityTone(80)).toBe('high');
    expect(similarityTone(79)).toBe('notable');
    expect(similarityTone(60)).toBe('notable');
    expect(similarityTone(59)).toBe('low');
  });
});

describe('similar tracks shown', () => {
  const ranked = rankedMatches({
    allMatches: [aMatch('d', 81), aMatch('a', 97), aMatch('e', 40), aMatch('b', 90), aMatch('c', 85), aMatch('f', 79)],
  });

  it('shows the top 3 matches at 80% or more by default', () => {
    expect(visibleMatches(ranked, false).map((m) => m.title)).toEqual(['a', 'b', 'c']);
  });

  it('shows none by default when no match reaches 80%', () => {
    expect(visibleMatches([aMatch('x', 79.9)], false)).toEqual([]);
  });

  it('shows every match, most similar first, with the toggle', () => {
    expect(visibleMatches(ranked, true).map((m) => m.title)).toEqual(['a', 'b', 'c', 'd', 'f', 'e']);
  });
});

describe('display helpers', () => {
  it('encodes title and artist into the streaming search link', () => {
    expect(previewSearchUrl({ title: 'Rock & Roll', artist: 'Led/Zep' })).toBe(
      'https://open.spotify.com/search/Rock%20%26%20Roll%20Led%2FZep',
    );
  });

  it('writes time ranges as minutes and seconds', () => {
    expect(rangeText({ start: 42.7, end: 65 })).toBe('0:42–1:05');
  });
});
