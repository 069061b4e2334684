import type { TimeRange } from '@originality/contracts';

/** 83.4 → '1:23'. */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export const rangeText = (range: TimeRange) => `${clock(range.start)}–${clock(range.end)}`;
