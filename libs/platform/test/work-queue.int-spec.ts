import { randomUUID } from 'node:crypto';
import { type TestNats, eventually, getTestNats } from '@originality/testing';
import { type NatsConnection, connect } from 'nats';
import { JetStreamProvider } from '../src/jetstream';
import { type Job, type JobHandlers, PermanentJobError, WorkQueue, type WorkQueueConsumer } from '../src/work-queue';

jest.setTimeout(60_000);

interface Task {
  name: string;
}

describe('WorkQueue (real NATS JetStream)', () => {
  let nats: TestNats;
  let nc: NatsConnection;
  let jetStream: JetStreamProvider;
  const consumers: WorkQueueConsumer[] = [];

  /** A queue of its own per test, so no test sees another's jobs. */
  const aQueue = (opts: { ackWaitMs?: number; maxAttempts?: number } = {}) => {
    const name = `T${randomUUID().slice(0, 8)}`;
    return new WorkQueue<Task>(jetStream, {
      stream: `JOBS_${name}`,
      subject: `jobs.${name}`,
      durable: `worker-${name}`,
      ...opts,
    });
  };

  /** Records every run and every give-up; `behaviour` decides what each attempt does. */
  async function work(queue: WorkQueue<Task>, behaviour: (job: Job<Task>) => Promise<void>) {
    const runs: Job<Task>[] = [];
    const exhausted: { job: Job<Task>; error: Error }[] = [];
    const handlers: JobHandlers<Task> = {
      run: async (job) => {
        runs.push(job);
        await behaviour(job);
      },
      onExhausted: async (job, error) => void exhausted.push({ job, error }),
    };
    consumers.push(await queue.consume(handlers));
    return { runs, exhausted };
  }

  beforeAll(async () => {
    nats = await getTestNats();
    nc = await connect({ servers: nats.url });
    jetStream = new JetStreamProvider(nc);
  });

  afterAll(async () => {
    await Promise.all(consumers.map((c) => c.stop()));
    await nc?.close();
    await nats?.stop();
  });

  it('runs a job once and drops a second job with the same id', async () => {
    const queue = aQueue();
    const { runs } = await work(queue, async () => undefined);
    expect(await queue.enqueue({ name: 'first' }, 'job-1')).toEqual({ duplicate: false });
    expect(await queue.enqueue({ name: 'again' }, 'job-1')).toEqual({ duplicate: true });
    await queue.enqueue({ name: 'second' }, 'job-2');
    await eventually(() => runs.length === 2, { what: 'both jobs to run' });
    expect(runs.map((j) => [j.id, j.data.name, j.attempt])).toEqual([
      ['job-1', 'first', 1],
      ['job-2', 'second', 1],
    ]);
  });

  it('retries a job whose attempt failed, and it then succeeds', async () => {
    const queue = aQueue();
    const { runs, exhausted } = await work(queue, async (job) => {
      if (job.attempt === 1) throw new Error('storage did not answer');
    });
    await queue.enqueue({ name: 'flaky' }, 'job-flaky');
    await eventually(() => runs.length === 2, { what: 'the second attempt' });
    expect(runs.map((j) => j.attempt)).toEqual([1, 2]);
    expect(exhausted).toEqual([]);
  });

  it('gives up a permanent failure at once and records it', async () => {
    const queue = aQueue();
    const { runs, exhausted } = await work(queue, async () => {
      throw new PermanentJobError('not an audio file');
    });
    await queue.enqueue({ name: 'pdf' }, 'job-pdf');
    await eventually(() => exhausted.length === 1, { what: 'the failure to be recorded' });
    expect(exhausted[0]).toMatchObject({ job: { id: 'job-pdf', attempt: 1 }, error: { message: 'not an audio file' } });
    expect(runs).toHaveLength(1);
  });

  it('after the last attempt fails, records the failure once and runs it no more', async () => {
    const queue = aQueue({ maxAttempts: 3 });
    const { runs, exhausted } = await work(queue, async () => {
      throw new Error('always failing');
    });
    await queue.enqueue({ name: 'doomed' }, 'job-doomed');
    await eventually(() => exhausted.length === 1, { what: 'the job to be given up' });
    expect(runs.map((j) => [j.attempt, j.isLastAttempt])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    expect(exhausted[0]!.error.message).toBe('always failing');
    // Another job goes through the same lane afterwards: the given-up one did not come back before it.
    await queue.enqueue({ name: 'next' }, 'job-next');
    await eventually(() => runs.some((j) => j.id === 'job-next'), { what: 'the next job' });
    expect(runs.filter((j) => j.id === 'job-doomed')).toHaveLength(3);
  });

  it('heartbeats a job that runs longer than the ack wait, so it is not handed out twice', async () => {
    const ackWaitMs = 2_000;
    const queue = aQueue({ ackWaitMs });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // Two workers on the same queue: the idle one would get the job if the busy one stopped heartbeating.
    const { runs } = await work(queue, () => released);
    const other = await work(queue, () => released);
    await queue.enqueue({ name: 'long' }, 'job-long');
    await eventually(() => runs.length + other.runs.length === 1, { what: 'the job to start' });
    const startedAt = Date.now();
    await eventually(() => Date.now() - startedAt > 3 * ackWaitMs, { timeoutMs: 20_000, what: 'three ack waits' });
    release();
    expect(runs.length + other.runs.length).toBe(1);
  });

  it('stops promptly while waiting for jobs', async () => {
    const queue = aQueue();
    const consumer = await queue.consume({ run: async () => undefined, onExhausted: async () => undefined });
    await expect(consumer.stop()).resolves.toBeUndefined();
  });
});
