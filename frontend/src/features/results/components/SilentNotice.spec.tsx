import { cleanup, render, screen } from '@testing-library/react';
import { aResult } from '../../../test/upload-factories';
import { SilentNotice } from './SilentNotice';

afterEach(cleanup);

describe('SilentNotice', () => {
  it('says a silent file was not compared', () => {
    render(<SilentNotice result={aResult({ silent: true })} />);
    expect(screen.getByText('This file is silent')).toBeTruthy();
    expect(screen.getByText(/nothing to compare with the catalogue/)).toBeTruthy();
  });

  it('says nothing for a file with sound in it', () => {
    const { container } = render(<SilentNotice result={aResult({})} />);
    expect(container.textContent).toBe('');
  });
});
