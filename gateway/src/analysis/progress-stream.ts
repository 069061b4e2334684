import { Inject, Injectable } from '@nestjs/common';
import { type AnalysisProgress, progressSubject } from '@originality/contracts';
import { NATS_CONNECTION } from '@originality/platform';
import type { Response } from 'express';
import type { NatsConnection, Subscription } from 'nats';

/** A comment line every so often keeps proxies and the browser from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;
/** A stream never outlives this; the browser then reads the upload's status instead. */
export const MAX_STREAM_MS = 15 * 60_000;

const isFinal = (progress: AnalysisProgress) => progress.status === 'completed' || progress.status === 'failed';

/** A live subscription to one upload's progress, opened before the ownership check so no message falls between. */
export interface ProgressSubscription {
  /** Starts relaying to the browser as Server-Sent Events until the analysis ends or the browser leaves. */
  relayTo(res: Response): void;
  cancel(): void;
}

/**
 * Relays the worker's progress messages (core NATS `progress.analysis.<uploadId>`) to one browser as
 * Server-Sent Events `progress`, ending after the completed or failed one. Messages that arrive before the
 * browser's stream is open are kept and sent first.
 */
@Injectable()
export class ProgressStreams {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  /** `uploadId` must be a UUID (checked by the route), so it is one safe subject token. */
  subscribe(uploadId: string): ProgressSubscription {
    const pending: AnalysisProgress[] = [];
    let deliver: ((progress: AnalysisProgress) => void) | null = null;
    const subscription: Subscription = this.nc.subscribe(progressSubject(uploadId), {
      callback: (err, msg) => {
        if (err) return;
        let progress: AnalysisProgress;
        try {
          progress = msg.json<AnalysisProgress>();
        } catch {
          return; // not ours to relay
        }
        if (deliver) deliver(progress);
        else pending.push(progress);
      },
    });
    return {
      cancel: () => subscription.unsubscribe(),
      relayTo: (res) => {
        res.status(200);
        res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache, no-transform');
        res.setHeader('Connection', 'keep-alive');
        // Reverse proxies (nginx) would otherwise buffer the stream.
        res.setHeader('X-Accel-Buffering', 'no');
        res.flushHeaders();
        const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS).unref();
        const lifetime = setTimeout(() => finish(), MAX_STREAM_MS).unref();
        const finish = () => {
          clearInterval(heartbeat);
          clearTimeout(lifetime);
          subscription.unsubscribe();
          deliver = null;
          if (!res.writableEnded) res.end();
        };
        res.on('close', finish);
        // The browser may have left while the upload was being looked up.
        if (res.destroyed || !res.socket || res.socket.destroyed) return finish();
        deliver = (progress) => {
          res.write(`event: progress\ndata: ${JSON.stringify(progress)}\n\n`);
          if (isFinal(progress)) finish();
        };
        for (const progress of pending.splice(0)) deliver?.(progress);
      },
    };
  }
}
