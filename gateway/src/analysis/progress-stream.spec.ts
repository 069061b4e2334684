import { EventEmitter } from 'node:events';
import type { AnalysisProgress } from '@originality/contracts';
import type { Response } from 'express';
import type { NatsConnection } from 'nats';
import { HEARTBEAT_MS, ProgressStreams } from './progress-stream';

const UPLOAD = '6f1c1d7e-2a7b-4a53-9d36-0b8f6c1e2a10';

function progress(overrides: Partial<AnalysisProgress>): AnalysisProgress {
  return { uploadId: UPLOAD, analysisId: 'a1', stage: 'initializing', percent: 0, status: 'analyzing', ...overrides };
}

/** A NATS connection that records the one subscription and lets the test publish to it. */
function fakeNats() {
  let callback: ((err: Error | null, msg: { json(): unknown }) => void) | undefined;
  const subscription = { unsubscribe: jest.fn() };
  const nc = {
    subscribe: jest.fn((_subject: string, opts: { callback: typeof callback }) => {
      callback = opts.callback;
      return subscription;
    }),
  };
  const publish = (p: AnalysisProgress | string) =>
    callback!(null, { json: () => (typeof p === 'string' ? JSON.parse(p) : p) });
  return { nc: nc as unknown as NatsConnection, subscription, publish, subscribe: nc.subscribe };
}

/** Enough of an Express response for a stream: headers, writes, end, close. */
function fakeResponse() {
  const res = Object.assign(new EventEmitter(), {
    written: [] as string[],
    headers: {} as Record<string, string>,
    statusCode: 0,
    writableEnded: false,
    destroyed: false,
    socket: { destroyed: false },
    status(code: number) {
      res.statusCode = code;
      return res;
    },
    setHeader(name: string, value: string) {
      res.headers[name.toLowerCase()] = value;
    },
    flushHeaders: jest.fn(),
    write(chunk: string) {
      res.written.push(chunk);
      return true;
    },
    end() {
      res.writableEnded = true;
      res.emit('close');
    },
  });
  return res;
}

const asResponse = (res: ReturnType<typeof fakeResponse>) => res as unknown as Response;
const progressEvents = (res: ReturnType<typeof fakeResponse>) =>
  res.written.filter((w) => w.startsWith('event: progress')).map((w) => JSON.parse(w.split('data: ')[1]!));

describe('ProgressStreams', () => {
  afterEach(() => jest.useRealTimers());

  it('subscribes to the upload subject, keeps early messages, and relays them first as SSE', () => {
    const nats = fakeNats();
    const subscription = new ProgressStreams(nats.nc).subscribe(UPLOAD);
    expect(nats.subscribe).toHaveBeenCalledWith(`progress.analysis.${UPLOAD}`, expect.anything());
    nats.publish(progress({ percent: 5 }));

    const res = fakeResponse();
    subscription.relayTo(asResponse(res));
    nats.publish(progress({ stage: 'extracting audio features', percent: 40 }));

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(progressEvents(res).map((p: AnalysisProgress) => p.percent)).toEqual([5, 40]);
    expect(res.writableEnded).toBe(false);
  });

  it.each(['completed', 'failed'] as const)('ends the stream and unsubscribes after the %s event', (status) => {
    const nats = fakeNats();
    const res = fakeResponse();
    new ProgressStreams(nats.nc).subscribe(UPLOAD).relayTo(asResponse(res));
    nats.publish(progress({ status, percent: 100 }));
    expect(res.writableEnded).toBe(true);
    expect(nats.subscription.unsubscribe).toHaveBeenCalled();
    nats.publish(progress({ percent: 1 }));
    expect(progressEvents(res)).toHaveLength(1);
  });

  it('unsubscribes when the browser leaves, and stops the heartbeat', () => {
    jest.useFakeTimers();
    const nats = fakeNats();
    const res = fakeResponse();
    new ProgressStreams(nats.nc).subscribe(UPLOAD).relayTo(asResponse(res));
    jest.advanceTimersByTime(HEARTBEAT_MS);
    expect(res.written).toContain(': heartbeat\n\n');
    res.emit('close');
    expect(nats.subscription.unsubscribe).toHaveBeenCalled();
    const writes = res.written.length;
    jest.advanceTimersByTime(HEARTBEAT_MS * 3);
    expect(res.written).toHaveLength(writes);
  });

  it('unsubscribes at once when the browser had already left', () => {
    const nats = fakeNats();
    const res = fakeResponse();
    res.socket.destroyed = true;
    new ProgressStreams(nats.nc).subscribe(UPLOAD).relayTo(asResponse(res));
    expect(nats.subscription.unsubscribe).toHaveBeenCalled();
  });

  it('skips a message that is not JSON', () => {
    const nats = fakeNats();
    const res = fakeResponse();
    new ProgressStreams(nats.nc).subscribe(UPLOAD).relayTo(asResponse(res));
    expect(() => nats.publish('{not json')).not.toThrow();
    expect(progressEvents(res)).toHaveLength(0);
  });
});
