import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { bindToastSink, type ShownToast } from '../lib/toast';

/** antd's notification (≈ 10 kB gzipped) loads with the first toast: most visits to the landing page show none. */
const ToastNotices = lazy(() => import('./ToastNotices'));

/**
 * Spec §9 toasts live in a labelled live region that F8 focuses (keyboard users can reach a toast before it goes).
 * The region is there from the first render, so assistive technology already watches it when a toast arrives;
 * the toasts themselves are drawn by {@link ToastNotices}.
 */
export function ToastRegion() {
  const regionRef = useRef<HTMLElement>(null);
  const [firstToast, setFirstToast] = useState<ShownToast | null>(null);

  useEffect(() => {
    // Until the notices are loaded; they then take the sink over (a newer toast replaces one still waiting).
    bindToastSink(setFirstToast);
    return () => bindToastSink(null);
  }, []);
  useFocusOnF8(regionRef);

  return (
    <section ref={regionRef} aria-label="Notifications (F8)" aria-live="polite" tabIndex={-1} className="toast-region">
      {firstToast && (
        <Suspense fallback={null}>
          <ToastNotices first={firstToast} region={regionRef} />
        </Suspense>
      )}
    </section>
  );
}

function useFocusOnF8(region: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const focusRegion = (event: KeyboardEvent) => {
      if (event.key !== 'F8') return;
      event.preventDefault();
      region.current?.focus();
    };
    window.addEventListener('keydown', focusRegion);
    return () => window.removeEventListener('keydown', focusRegion);
  }, [region]);
}
