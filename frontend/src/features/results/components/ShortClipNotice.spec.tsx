import { cleanup, render, screen } from '@testing-library/react';
import { aResult } from '../../../test/upload-factories';
import { ShortClipNotice } from './ShortClipNotice';

afterEach(cleanup);

describe('ShortClipNotice', () => {
  it('says a clip under 2 s is too short for a missing match to clear it', () => {
    render(<ShortClipNotice result={aResult({ durationSec: 1.2 })} />);
    expect(screen.getByText('This clip is very short')).toBeTruthy();
    expect(screen.getByText(/At 1\.2 s it is shorter than the 2 s/)).toBeTruthy();
  });

  it('says nothing for a song of ordinary length or a silent file', () => {
    expect(render(<ShortClipNotice result={aResult({ durationSec: 180 })} />).container.textContent).toBe('');
    expect(render(<ShortClipNotice result={aResult({ durationSec: 1, silent: true })} />).container.textContent).toBe(
      '',
    );
  });
});
