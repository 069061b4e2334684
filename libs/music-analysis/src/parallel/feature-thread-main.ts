/** The helper thread's side of FeatureHelper: one request at a time, replies with the result or the error. */
import { parentPort } from 'node:worker_threads';
import {
  claimTask,
  compareOnHelper,
  computeSpectrogramTask,
  fitNullModelJob,
  spectrogramTaskBuffers,
  type HelperReply,
  type HelperRequest,
} from './feature-threads';
import { extractFingerprints, fingerprintsOfFrames, FP_FFT_SIZE, FP_HOP } from '../signal/landmarks';
import { streamedStftFrames } from './pcm-stream';
import type { Fingerprints } from '../types';

type Answer = { value: Extract<HelperReply, { ok: true }>['value']; transfer: ArrayBuffer[] };

/** Typed-array results are transferred, not copied. */
function answer(request: HelperRequest): Answer {
  switch (request.kind) {
    case 'fingerprints':
      return fingerprintsAnswer(extractFingerprints(request.audio));
    case 'streamed-fingerprints':
      return fingerprintsAnswer(fingerprintsOfFrames(streamedStftFrames(request.stream, FP_FFT_SIZE, FP_HOP)));
    case 'chroma':
    case 'pitch':
    case 'partials':
    case 'melody': {
      if (!claimTask(request.claims, request.kind)) return { value: null, transfer: [] };
      const value = computeSpectrogramTask(request.kind, request.spec);
      return { value, transfer: spectrogramTaskBuffers(value) };
    }
    case 'compare':
      return { value: compareOnHelper(request), transfer: [] };
    case 'null-model':
      return { value: fitNullModelJob(request), transfer: [] };
  }
}

function fingerprintsAnswer(fingerprints: Fingerprints): Answer {
  return { value: fingerprints, transfer: [fingerprints.hashes.buffer, fingerprints.times.buffer] as ArrayBuffer[] };
}

parentPort?.on('message', (request: HelperRequest) => {
  let reply: HelperReply;
  let transfer: ArrayBuffer[] = [];
  try {
    const answered = answer(request);
    reply = { id: request.id, ok: true, value: answered.value };
    transfer = answered.transfer;
  } catch (error) {
    const { name, message } = error as Error;
    reply = { id: request.id, ok: false, error: { name, message } };
  }
  parentPort?.postMessage(reply, transfer);
});
