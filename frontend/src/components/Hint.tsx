import { Tooltip, type TooltipProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { TIMINGS } from '../lib/timings';

/** When the last hint closed: a hint asked for soon after opens at once (spec §9 skip delay). */
let lastClosedAt = 0;

/**
 * A tooltip with spec §9's timings: it opens 700 ms after the pointer arrives, or at once when
 * another hint closed less than 300 ms ago (moving along a row of buttons does not wait each time).
 */
export function Hint({ onOpenChange, ...props }: Omit<TooltipProps, 'open' | 'mouseEnterDelay'>) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (next: boolean) => {
    clearTimeout(timer.current);
    if (next) {
      const skipping = Date.now() - lastClosedAt < TIMINGS.tooltipSkipDelay;
      timer.current = setTimeout(() => setOpen(true), skipping ? 0 : TIMINGS.tooltipOpenDelay);
    } else {
      if (open) lastClosedAt = Date.now();
      setOpen(false);
    }
    onOpenChange?.(next);
  };

  return <Tooltip {...props} open={open} mouseEnterDelay={0} onOpenChange={change} />;
}
