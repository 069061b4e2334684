import { cleanup, render, screen } from '@testing-library/react';
import { aResult } from '../../../test/upload-factories';
import { SubScores } from './SubScores';

afterEach(cleanup);

describe('SubScores', () => {
  it('shows the key with its confidence and the relative key it could also be', () => {
    render(
      <SubScores result={aResult({ keySignature: 'C major', keyConfidence: 0.2, relativeKeyAmbiguity: 'A minor' })} />,
    );
    expect(screen.getByText('C major (confidence 20 %, or A minor)')).toBeTruthy();
  });

  it('shows the bare key for results stored before the confidence existed, and "Not detected" without a key', () => {
    const { rerender } = render(<SubScores result={aResult({ keySignature: 'D minor' })} />);
    expect(screen.getByText('D minor')).toBeTruthy();
    rerender(<SubScores result={aResult({ keySignature: undefined })} />);
    expect(screen.getByText('Not detected')).toBeTruthy();
  });

  it('shows the tempo in whole BPM, and "Not detected" when no beat was found', () => {
    const { rerender } = render(<SubScores result={aResult({ tempoBpm: 119.6 })} />);
    expect(screen.getByText('120 BPM')).toBeTruthy();
    rerender(<SubScores result={aResult({ keySignature: 'C major', tempoBpm: 0 })} />);
    expect(screen.getByText('Not detected')).toBeTruthy();
  });

  it('shows the half- or double-time reading a beat could also be heard at', () => {
    render(<SubScores result={aResult({ tempoBpm: 149.8, tempoAlternativeBpm: 74.9 })} />);
    expect(screen.getByText('150 BPM (or 75 at half time)')).toBeTruthy();
  });
});
