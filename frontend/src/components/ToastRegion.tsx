import { notification } from 'antd';
import { type PointerEvent, useEffect, useRef } from 'react';
import { bindToastSink, type ToastVariant } from '../lib/toast';

const TYPE_BY_VARIANT: Record<ToastVariant, 'info' | 'success' | 'error' | 'warning'> = {
  default: 'info',
  success: 'success',
  destructive: 'error',
  warning: 'warning',
};

/** Spec §9: a toast dragged this far to the right is dismissed. */
const SWIPE_DISMISS_PX = 50;

/**
 * Spec §9 toasts: one visible at a time, 5 s by default, at most 420 px wide, inside a labelled
 * live region that F8 focuses (keyboard users can reach a toast before it goes), dismissed by a
 * swipe to the right.
 */
export function ToastRegion() {
  const regionRef = useRef<HTMLElement>(null);
  const [api, holder] = notification.useNotification({
    maxCount: 1,
    placement: 'topRight',
    getContainer: () => regionRef.current ?? document.body,
  });

  useEffect(() => {
    bindToastSink(({ title, description, variant, durationMs }) =>
      api.open({
        type: TYPE_BY_VARIANT[variant],
        title,
        description,
        duration: durationMs / 1000,
        role: variant === 'destructive' ? 'alert' : 'status',
        style: { width: 'min(420px, calc(100vw - 32px))' },
      }),
    );
    return () => bindToastSink(null);
  }, [api]);

  const swipe = useSwipeRight(() => api.destroy());

  useEffect(() => {
    const focusRegion = (event: KeyboardEvent) => {
      if (event.key !== 'F8') return;
      event.preventDefault();
      regionRef.current?.focus();
    };
    window.addEventListener('keydown', focusRegion);
    return () => window.removeEventListener('keydown', focusRegion);
  }, []);

  return (
    <section
      ref={regionRef}
      aria-label="Notifications (F8)"
      aria-live="polite"
      tabIndex={-1}
      className="toast-region"
      {...swipe}
    >
      {holder}
    </section>
  );
}

/** Follows a pointer dragged on a toast: the toast moves with it and goes once past the threshold. */
function useSwipeRight(dismiss: () => void) {
  const start = useRef<{ x: number; notice: HTMLElement } | null>(null);
  const noticeOf = (event: PointerEvent) =>
    (event.target as HTMLElement).closest<HTMLElement>('.ant-notification-notice-wrapper, .ant-notification-notice');
  const reset = () => {
    if (start.current) start.current.notice.style.transform = '';
    start.current = null;
  };
  return {
    onPointerDown: (event: PointerEvent) => {
      const notice = noticeOf(event);
      if (notice) start.current = { x: event.clientX, notice };
    },
    onPointerMove: (event: PointerEvent) => {
      if (!start.current) return;
      const dx = Math.max(0, event.clientX - start.current.x);
      start.current.notice.style.transform = `translateX(${dx}px)`;
    },
    onPointerUp: (event: PointerEvent) => {
      const swiped = start.current !== null && event.clientX - start.current.x >= SWIPE_DISMISS_PX;
      reset();
      if (swiped) dismiss();
    },
    onPointerCancel: reset,
  };
}
