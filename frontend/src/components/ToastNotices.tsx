import { notification } from 'antd';
import { type PointerEvent, type RefObject, useEffect, useRef } from 'react';
import { bindToastSink, type ShownToast, type ToastVariant } from '../lib/toast';

const TYPE_BY_VARIANT: Record<ToastVariant, 'info' | 'success' | 'error' | 'warning'> = {
  default: 'info',
  success: 'success',
  destructive: 'error',
  warning: 'warning',
};

/** Spec §9: a toast dragged this far to the right is dismissed. */
const SWIPE_DISMISS_PX = 50;

interface ToastNoticesProps {
  /** The toast that made the region load this module; shown at once, later ones come through the toast sink. */
  first: ShownToast;
  /** The live region the notices are drawn in. */
  region: RefObject<HTMLElement | null>;
}

/**
 * Spec §9 toasts drawn by antd's notification: one visible at a time, 5 s by default, at most 420 px wide,
 * dismissed by a swipe to the right. Loaded by {@link ToastRegion} with the first toast.
 */
export default function ToastNotices({ first, region }: ToastNoticesProps) {
  const [api, holder] = notification.useNotification({
    maxCount: 1,
    placement: 'topRight',
    getContainer: () => region.current ?? document.body,
  });
  const shownFirst = useRef<ShownToast | null>(null);

  useEffect(() => {
    const show = ({ title, description, variant, durationMs }: ShownToast) =>
      api.open({
        type: TYPE_BY_VARIANT[variant],
        title,
        description,
        duration: durationMs / 1000,
        role: variant === 'destructive' ? 'alert' : 'status',
        style: { width: 'min(420px, calc(100vw - 32px))' },
      });
    // Once only: React runs a development effect twice, and the first toast must not show twice.
    if (shownFirst.current !== first) show(first);
    shownFirst.current = first;
    bindToastSink(show);
    return () => bindToastSink(null);
  }, [api, first]);

  const swipe = useSwipeRight(() => api.destroy());
  // The notices are portalled into the region; React still bubbles their pointer events up through this element.
  return (
    <div className="toast-notices" {...swipe}>
      {holder}
    </div>
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
