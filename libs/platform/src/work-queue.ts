import { Logger } from '@nestjs/common';
import { AckPolicy, type ConsumerMessages, DeliverPolicy, type JsMsg, nanos } from 'nats';
import type { JetStreamProvider } from './jetstream';

export interface WorkQueueSpec {
  /** JetStream stream (WorkQueue retention: a job leaves it once acked), e.g. 'ANALYSIS_JOBS'. */
  stream: string;
  /** The one subject jobs are published on, e.g. 'jobs.analysis.run'. */
  subject: string;
  /** Durable pull consumer shared by every worker process. */
  durable: string;
  /** Time without an ack or a heartbeat before JetStream hands the job to another worker. Default 30 s. */
  ackWaitMs?: number;
  /** Attempts before the job is given up (`onExhausted`). Default 3. */
  maxAttempts?: number;
  /** How long a job id is remembered, so enqueuing the same id again is dropped. Default 1 hour. */
  duplicateWindowMs?: number;
  /** Jobs run at the same time by this process. Default 1. */
  concurrency?: number;
}

/** One delivery of a job. */
export interface Job<T> {
  /** The id it was enqueued with (`Nats-Msg-Id`). */
  id: string | undefined;
  data: T;
  /** 1 on the first delivery. */
  attempt: number;
  isLastAttempt: boolean;
}

/** Thrown by a job handler when retrying cannot help (bad input): the job is given up at once. */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError';
}

export interface JobHandlers<T> {
  /** Runs the job; resolving acks it, a PermanentJobError gives it up, any other error retries it later. */
  run(job: Job<T>): Promise<void>;
  /**
   * The job will not run again: its attempts are used up or it failed permanently. Record that (e.g. mark
   * it failed with a reason). When this throws, the job is kept and this is tried again later, so a job is
   * never dropped without its failure being recorded.
   */
  onExhausted(job: Job<T>, error: Error): Promise<void>;
}

export interface WorkQueueConsumer {
  stop(): Promise<void>;
}

/** How long one pull waits on the server for a job before asking again (the only idle cost). */
const PULL_EXPIRES_MS = 30_000;
/** Pause before pulling again after NATS errors (disconnected, restarting). */
const RECONNECT_PAUSE_MS = 1_000;
const MAX_RETRY_DELAY_MS = 30_000;

/**
 * A durable job queue on JetStream: a WorkQueue stream, one durable pull consumer with explicit acks,
 * heartbeats (`working()`) while a job runs so a long job is not handed out twice, a retry delay that
 * grows with each attempt, and a bounded number of attempts. A worker killed mid-job stops
 * heartbeating; after `ackWaitMs` the job goes to another worker.
 *
 * Attempts are counted here rather than with the consumer's `max_deliver`, so that a job whose attempts
 * are used up still comes back once more to have its failure recorded (`onExhausted`): nothing is left
 * stuck in between.
 */
export class WorkQueue<T> {
  private readonly logger: Logger;
  private readonly ackWaitMs: number;
  private readonly maxAttempts: number;
  private ensured?: Promise<void>;

  constructor(
    private readonly jetStream: JetStreamProvider,
    private readonly spec: WorkQueueSpec,
  ) {
    this.logger = new Logger(`WorkQueue ${spec.stream}`);
    this.ackWaitMs = spec.ackWaitMs ?? 30_000;
    this.maxAttempts = spec.maxAttempts ?? 3;
  }

  /** Creates the stream and the durable consumer when missing (safe from many processes), once per process. */
  ensure(): Promise<void> {
    this.ensured ??= this.create().catch((err: unknown) => {
      this.ensured = undefined; // try again next time
      throw err;
    });
    return this.ensured;
  }

  private async create(): Promise<void> {
    await this.jetStream.ensureStream({
      name: this.spec.stream,
      subjects: [this.spec.subject],
      retention: 'workqueue',
      duplicateWindowMs: this.spec.duplicateWindowMs ?? 3_600_000,
    });
    const jsm = await this.jetStream.client.jetstreamManager();
    const config = {
      durable_name: this.spec.durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(this.ackWaitMs),
      max_deliver: -1,
      filter_subject: this.spec.subject,
    };
    try {
      await jsm.consumers.info(this.spec.stream, this.spec.durable);
      await jsm.consumers.update(this.spec.stream, this.spec.durable, { ack_wait: config.ack_wait });
    } catch {
      await jsm.consumers.add(this.spec.stream, config).catch(async (err: unknown) => {
        // Another worker may have created it in between.
        await jsm.consumers.info(this.spec.stream, this.spec.durable).catch(() => {
          throw err;
        });
      });
    }
  }

  /** Adds a job; a second job with the same id within the duplicate window is dropped (`duplicate: true`). */
  async enqueue(data: T, id: string): Promise<{ duplicate: boolean }> {
    await this.ensure();
    const { duplicate } = await this.jetStream.publish(this.spec.subject, data, { msgId: id });
    return { duplicate };
  }

  /** Runs jobs as they come until stopped; each lane pulls one job only when it is free. */
  async consume(handlers: JobHandlers<T>): Promise<WorkQueueConsumer> {
    await this.ensure();
    const state = { stopped: false, pulls: new Set<ConsumerMessages>() };
    const lanes = Array.from({ length: Math.max(1, this.spec.concurrency ?? 1) }, () => this.lane(handlers, state));
    return {
      stop: async () => {
        state.stopped = true;
        // Ends the waiting pulls (their lanes see `stopped`); a running job finishes first.
        for (const pull of state.pulls) pull.stop();
        await Promise.all(lanes);
      },
    };
  }

  private async lane(
    handlers: JobHandlers<T>,
    state: { stopped: boolean; pulls: Set<ConsumerMessages> },
  ): Promise<void> {
    while (!state.stopped) {
      let msg: JsMsg | null = null;
      try {
        msg = await this.pullOne(state);
      } catch (err) {
        if (state.stopped) break;
        // NATS is away or restarting: the connection reconnects by itself; pull again shortly.
        this.logger.warn(`pulling a job failed, retrying: ${(err as Error).message}`);
        await pause(RECONNECT_PAUSE_MS);
        continue;
      }
      if (msg) await this.handle(msg, handlers);
    }
  }

  /** One long-poll pull: resolves with a job, or null when none came within PULL_EXPIRES_MS. */
  private async pullOne(state: { stopped: boolean; pulls: Set<ConsumerMessages> }): Promise<JsMsg | null> {
    const consumer = await this.jetStream.client.consumers.get(this.spec.stream, this.spec.durable);
    const pull = await consumer.fetch({ max_messages: 1, expires: PULL_EXPIRES_MS });
    state.pulls.add(pull);
    // Stopped while this pull was being set up: stop() did not see it, so close it here.
    if (state.stopped) pull.stop();
    try {
      for await (const msg of pull) return msg;
      return null;
    } finally {
      state.pulls.delete(pull);
    }
  }

  private async handle(msg: JsMsg, handlers: JobHandlers<T>): Promise<void> {
    const attempt = msg.info.deliveryCount;
    let job: Job<T>;
    try {
      job = {
        id: msg.headers?.get('Nats-Msg-Id') || undefined,
        data: msg.json<T>(),
        attempt,
        isLastAttempt: attempt >= this.maxAttempts,
      };
    } catch (err) {
      this.logger.error(`job #${msg.seq} is not JSON, dropped: ${(err as Error).message}`);
      msg.term();
      return;
    }
    if (attempt > this.maxAttempts) {
      // A worker died during the last attempt: record the failure instead of running it again.
      await this.giveUp(msg, handlers, job, new Error(`no result after ${this.maxAttempts} attempts`));
      return;
    }
    const heartbeat = setInterval(() => msg.working(), Math.max(1_000, Math.floor(this.ackWaitMs / 3)));
    try {
      await handlers.run(job);
      msg.ack();
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      if (error instanceof PermanentJobError || job.isLastAttempt) await this.giveUp(msg, handlers, job, error);
      else {
        this.logger.warn(`job ${job.id} attempt ${attempt}/${this.maxAttempts} failed, will retry: ${error.message}`);
        msg.nak(retryDelay(attempt));
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async giveUp(msg: JsMsg, handlers: JobHandlers<T>, job: Job<T>, error: Error): Promise<void> {
    try {
      await handlers.onExhausted(job, error);
      this.logger.warn(`job ${job.id} given up after attempt ${job.attempt}: ${error.message}`);
      msg.term();
    } catch (hookError) {
      this.logger.error(`recording the failure of job ${job.id} failed, retrying: ${(hookError as Error).message}`);
      msg.nak(retryDelay(job.attempt));
    }
  }
}

/** 1 s, 2 s, 4 s … at most 30 s. */
export const retryDelay = (attempt: number): number => Math.min(MAX_RETRY_DELAY_MS, 1_000 * 2 ** (attempt - 1));

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
