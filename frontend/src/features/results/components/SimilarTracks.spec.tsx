import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { aResult, aTrackMatch } from '../../../test/upload-factories';
import { SimilarTracks } from './SimilarTracks';

describe('SimilarTracks', () => {
  it('says what the engine recognises when nothing in the catalogue resembles the song', () => {
    renderWithProviders(<SimilarTracks result={aResult({ allMatches: [], similarTracks: [] })} />);
    expect(screen.getByText('No similar tracks were found in the catalogue.')).toBeTruthy();
    expect(screen.getByText(/pitched up to 3 semitones either way or played at 80–125 % speed/)).toBeTruthy();
  });

  it('points to the closer matches when none is high, without the note on what is recognised', () => {
    const low = aTrackMatch({ similarity: 30 });
    renderWithProviders(<SimilarTracks result={aResult({ allMatches: [low] })} />);
    expect(screen.getByText(/Show all matches to see the closest ones/)).toBeTruthy();
    expect(screen.queryByText(/pitched up to 3 semitones/)).toBeNull();
    fireEvent.click(screen.getByRole('switch'));
    expect(document.querySelectorAll('.match')).toHaveLength(1);
  });
});
