import { cleanup, render, screen } from '@testing-library/react';
import { OriginalityRing } from './OriginalityRing';

afterEach(cleanup);

describe('OriginalityRing', () => {
  it('shows the score with its spec §9 label', () => {
    render(<OriginalityRing score={72} />);
    expect(screen.getByText('72%')).toBeTruthy();
    expect(screen.getByText('Good Originality')).toBeTruthy();
  });

  it('says a silent file was not compared instead of calling it highly original', () => {
    render(<OriginalityRing score={100} silent />);
    expect(screen.getByText('Silent file: nothing compared')).toBeTruthy();
    expect(screen.queryByText('High Originality')).toBeNull();
  });
});
