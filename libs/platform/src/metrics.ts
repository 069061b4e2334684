import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** One registry per process (tests may boot several apps in one process; metrics are shared). */
export const metricsRegistry = new Registry();
// The event-loop delay monitor samples on a timer (10 ms by default): 100 wake-ups a second cost each
// idle process about 1 % of a core. Four samples a second still show a stalled loop.
collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 250 });

export const handledMessages = new Counter({
  name: 'originality_messages_handled_total',
  help: 'NATS messages handled, by subject and outcome (ok, or the error code).',
  labelNames: ['subject', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const messageDuration = new Histogram({
  name: 'originality_message_duration_seconds',
  help: 'Time to handle a NATS message, by subject and outcome.',
  labelNames: ['subject', 'outcome'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export function recordMessage(subject: string, outcome: string, seconds: number): void {
  handledMessages.inc({ subject, outcome });
  messageDuration.observe({ subject, outcome }, seconds);
}
