import { originalityVerdict } from './reports';

describe('originalityVerdict (spec §9)', () => {
  it('names the originality level at 80 and 60', () => {
    expect(originalityVerdict(80)).toBe('High Originality');
    expect(originalityVerdict(79.9)).toBe('Good Originality');
    expect(originalityVerdict(60)).toBe('Good Originality');
    expect(originalityVerdict(59)).toBe('Moderate Originality');
  });

  it('gives a silent file the verdict that nothing was compared, whatever it scored', () => {
    expect(originalityVerdict(100, true)).toBe('Silent file: nothing compared');
    expect(originalityVerdict(100, false)).toBe('High Originality');
  });
});
