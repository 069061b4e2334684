import { parentPort } from 'node:worker_threads';
import { analyseTrackFile, type WorkerReply } from './track-analyser';

/** One request at a time from WorkerPoolAnalyser: analyse the file, reply with features or the error. */
parentPort?.on('message', async ({ id, file }: { id: number; file: string }) => {
  let reply: WorkerReply;
  try {
    reply = { id, ok: true, track: await analyseTrackFile(file) };
  } catch (error) {
    const { name, message, code } = error as Error & { code?: string };
    reply = { id, ok: false, error: { name, message, code } };
  }
  parentPort?.postMessage(reply);
});
