import { relativeUploadTime } from './relative-time';

const now = new Date('2026-05-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('relative upload time (spec §9)', () => {
  it.each([
    [0, 'Less than an hour ago'],
    [59 * MIN, 'Less than an hour ago'],
    [HOUR, '1 hour ago'],
    [23 * HOUR + 59 * MIN, '23 hours ago'],
    [24 * HOUR, 'Yesterday'],
    [47 * HOUR, 'Yesterday'],
    [48 * HOUR, '2 days ago'],
    [30 * 24 * HOUR, '30 days ago'],
  ])('%d ms ago reads %s', (elapsed, text) => {
    expect(relativeUploadTime(ago(elapsed), now)).toBe(text);
  });

  it('treats a time slightly ahead of the clock as just now', () => {
    expect(relativeUploadTime(ago(-5 * MIN), now)).toBe('Less than an hour ago');
  });
});
