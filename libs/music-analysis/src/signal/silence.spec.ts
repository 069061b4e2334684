import { SILENCE_PEAK, isSilent } from './silence';

const RATE = 22_050;

function tone(peak: number): Float32Array {
  return Float32Array.from({ length: RATE }, (_, i) => peak * Math.sin((2 * Math.PI * 440 * i) / RATE));
}

describe('isSilent', () => {
  it('reads digital silence and an empty recording as silent', () => {
    expect(isSilent(new Float32Array(RATE * 10))).toBe(true);
    expect(isSilent(new Float32Array(0))).toBe(true);
  });

  it('reads a noise floor well under −60 dBFS as silent', () => {
    expect(isSilent(tone(10 ** (-80 / 20)))).toBe(true);
  });

  it('reads a quiet tone, or one sample at the threshold, as sound', () => {
    expect(isSilent(tone(10 ** (-40 / 20)))).toBe(false);
    const click = new Float32Array(RATE);
    click[RATE / 2] = -SILENCE_PEAK;
    expect(isSilent(click)).toBe(false);
  });
});
