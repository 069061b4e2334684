import type { ReactNode } from 'react';
import { TIMINGS } from './timings';

export type ToastVariant = 'default' | 'success' | 'destructive' | 'warning';

export interface Toast {
  title: string;
  description?: ReactNode;
  variant?: ToastVariant;
  durationMs?: number;
}

/** A toast as the region receives it: the defaults filled in. */
export type ShownToast = Required<Pick<Toast, 'title' | 'variant' | 'durationMs'>> & Pick<Toast, 'description'>;

type ToastSink = (toast: ShownToast) => void;

let sink: ToastSink | null = null;

/** The mounted toast region registers itself here; calls before that are dropped. */
export function bindToastSink(next: ToastSink | null): void {
  sink = next;
}

/** Shows a toast from anywhere (components, the query client's global handler). */
export function toast({ title, description, variant = 'default', durationMs = TIMINGS.toastDefault }: Toast): void {
  sink?.({ title, description, variant, durationMs });
}
