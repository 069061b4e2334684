import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { aResult, aTrackMatch } from '../../../test/upload-factories';
import { CataloguePanel } from './CataloguePanel';
import { SimilarTracks } from './SimilarTracks';

describe('the evidence in words', () => {
  it('gives each dimension its similarity, sentence, transform, prior art, chance and, when high, a guide', () => {
    const match = aTrackMatch({
      similarity: 92,
      dimensions: [
        {
          dimension: 'melody',
          similarity: 88,
          chance: { perTrack: 0.00004, inCatalogue: 0.008 },
          segments: [{ query: { start: 42, end: 65 }, reference: { start: 70, end: 93 } }],
          transform: { transpositionSemitones: 3, tempoRatio: 0.94 },
          explanation: 'melody of 0:42–1:05 matches 1:10–1:33 of Neon Harbor, +3 semitones, 0.94× tempo',
        },
        {
          dimension: 'chordProgression',
          similarity: 31,
          patternRarity: 0.12,
          segments: [{ query: { start: 0, end: 30 }, reference: { start: 10, end: 40 } }],
          transform: { transpositionSemitones: 3, tempoRatio: 1 },
          explanation: 'Chord progression: 90% of its chord patterns also occur in Neon Harbor, but they are common.',
        },
      ],
    });
    renderWithProviders(<SimilarTracks result={aResult({ allMatches: [match], tempoBpm: 120 })} />);

    const [melody, chords] = [...document.querySelectorAll<HTMLElement>('.match .evidence')];
    expect(document.querySelectorAll('.match .evidence')).toHaveLength(2);
    expect(melody).toHaveTextContent('Melody 88% — melody of 0:42–1:05 matches 1:10–1:33 of Neon Harbor');
    expect(melody).toHaveTextContent('Transform: +3 semitones, 0.94× tempo');
    expect(melody).toHaveTextContent('A match this close happens by chance in fewer than 1 in 10,000 tracks.');
    expect(melody).toHaveTextContent(
      "What you could change: The melody of 0:42–1:05 (bars 22–33) follows Neon Harbor's 1:10–1:33",
    );
    expect(chords).toHaveTextContent('The shared progression is common in the catalogue, so it weighs little.');
    expect(chords).not.toHaveTextContent('What you could change');
    expect(chords).not.toHaveTextContent('by chance');
  });
});

describe('catalogue transparency', () => {
  it('names the sources, their licences, the catalogue date, the engine and the measured time', () => {
    const result = aResult({
      engineVersion: 'music-analysis/1.3.0',
      processingMs: 2345,
      catalogue: {
        size: 210,
        version: '7f3a',
        updatedAt: '2026-11-20T10:00:00.000Z',
        sources: [{ name: 'demo catalogue (generated)', trackCount: 210, licences: ['CC0-1.0', 'Public domain'] }],
      },
    });
    renderWithProviders(<CataloguePanel result={result} />);
    expect(screen.getByRole('list', { name: 'Catalogue sources' })).toHaveTextContent(
      'demo catalogue (generated): 210 tracks (CC0-1.0, Public domain)',
    );
    expect(
      screen.getByText(/Compared against catalogue version 7f3a of 20 Nov 2026 with engine music-analysis\/1\.3\.0\./),
    ).toBeInTheDocument();
    expect(screen.getByText('Processing Time').closest('.ant-statistic')).toHaveTextContent('2.3s');
  });

  it('still renders an older result stored without sources or date', () => {
    renderWithProviders(<CataloguePanel result={aResult({ catalogue: { size: 120, version: 'demo-1' } })} />);
    expect(screen.queryByRole('list', { name: 'Catalogue sources' })).not.toBeInTheDocument();
    expect(screen.getByText('Compared against catalogue version demo-1 with engine 1.0.0.')).toBeInTheDocument();
  });
});
