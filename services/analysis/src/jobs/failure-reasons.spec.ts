import { AudioDecodeError } from '@originality/music-analysis';
import { PermanentJobError } from '@originality/platform';
import { AnalysisFailure, FailureReason, classifyFailure, reasonOf } from './failure-reasons';

describe('classifyFailure', () => {
  it.each([
    ['UNSUPPORTED_FORMAT', FailureReason.notAudio],
    ['EMPTY_AUDIO', FailureReason.notAudio],
    ['CORRUPT_AUDIO', FailureReason.corrupt],
  ] as const)('gives up %s at once as "%s"', (code, reason) => {
    const failure = classifyFailure(new AudioDecodeError(code));
    expect(failure).toBeInstanceOf(PermanentJobError);
    expect(reasonOf(failure)).toBe(reason);
  });

  it.each(['DECODE_TIMEOUT', 'FFMPEG_MISSING'] as const)('retries %s, which may pass', (code) => {
    const failure = classifyFailure(new AudioDecodeError(code));
    expect(failure).not.toBeInstanceOf(PermanentJobError);
    expect(reasonOf(failure)).toBe(FailureReason.unreadable);
  });

  it('gives up an object missing from storage; retries other storage errors', () => {
    const missing = Object.assign(new Error('The specified key does not exist.'), { name: 'NoSuchKey' });
    expect(reasonOf(classifyFailure(missing))).toBe(FailureReason.unreadable);
    expect(classifyFailure(missing)).toBeInstanceOf(PermanentJobError);
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(classifyFailure(refused)).toBe(refused);
  });

  it('keeps a failure that already has its reason', () => {
    const tooLong = new AnalysisFailure(FailureReason.tooLong);
    expect(classifyFailure(tooLong)).toBe(tooLong);
    expect(reasonOf(tooLong)).toBe('longer than 15 minutes');
  });
});
