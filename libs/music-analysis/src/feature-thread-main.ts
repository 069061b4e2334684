/** The helper thread's side of FeatureHelper: one request at a time, replies with the result or the error. */
import { parentPort } from 'node:worker_threads';
import { tunedChromagram } from './chroma';
import { extractFingerprints } from './fingerprint';
import { compareShared, type HelperReply, type HelperRequest } from './feature-threads';
import { estimateVocalShare } from './vocals';

parentPort?.on('message', (request: HelperRequest) => {
  let reply: HelperReply;
  const transfer: ArrayBuffer[] = [];
  try {
    if (request.kind === 'fingerprints') {
      const fingerprints = extractFingerprints(request.audio);
      transfer.push(fingerprints.hashes.buffer as ArrayBuffer, fingerprints.times.buffer as ArrayBuffer);
      reply = { id: request.id, ok: true, value: fingerprints };
    } else if (request.kind === 'chroma') {
      const chroma = tunedChromagram(request.spec);
      transfer.push(chroma.buffer as ArrayBuffer);
      reply = { id: request.id, ok: true, value: chroma };
    } else if (request.kind === 'vocals') {
      reply = { id: request.id, ok: true, value: estimateVocalShare(request.spec) };
    } else {
      reply = { id: request.id, ok: true, value: compareShared(request) };
    }
  } catch (error) {
    const { name, message } = error as Error;
    reply = { id: request.id, ok: false, error: { name, message } };
  }
  parentPort?.postMessage(reply, transfer);
});
