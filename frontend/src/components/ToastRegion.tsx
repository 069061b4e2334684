import { notification } from 'antd';
import { useEffect, useRef } from 'react';
import { bindToastSink, type ToastVariant } from '../lib/toast';

const TYPE_BY_VARIANT: Record<ToastVariant, 'info' | 'success' | 'error' | 'warning'> = {
  default: 'info',
  success: 'success',
  destructive: 'error',
  warning: 'warning',
};

/**
 * Spec §9 toasts: one visible at a time, 5 s by default, at most 420 px wide, inside a labelled
 * live region that F8 focuses (keyboard users can reach a toast before it goes).
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
    <section ref={regionRef} aria-label="Notifications (F8)" aria-live="polite" tabIndex={-1} className="toast-region">
      {holder}
    </section>
  );
}
