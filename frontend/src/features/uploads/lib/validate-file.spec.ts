import { checkPickedFiles } from './validate-file';

const aFile = (name: string, type: string, size = 1024) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('checking a picked file', () => {
  it('accepts one MP3, MP4 or WAV file up to 50 MB', () => {
    for (const type of ['audio/mpeg', 'audio/mp4', 'audio/wav', 'audio/x-wav']) {
      const file = aFile('song', type, 52_428_800);
      expect(checkPickedFiles([file])).toEqual({ file });
    }
  });

  it('refuses another type with the spec text naming the file', () => {
    expect(checkPickedFiles([aFile('notes.pdf', 'application/pdf')])).toEqual({
      refusal: {
        title: 'Invalid File Type',
        description: 'Please upload audio files only (MP3, MP4, WAV). "notes.pdf" is not supported.',
      },
    });
  });

  it('refuses a file over 50 MB', () => {
    expect(checkPickedFiles([aFile('long.wav', 'audio/wav', 52_428_801)])).toEqual({
      refusal: { title: 'File Too Large', description: '"long.wav" is too large. Maximum size is 50MB.' },
    });
  });

  it('refuses more than one file before looking at them', () => {
    const refusal = { title: 'Too Many Files', description: 'You can only upload 1 file at a time.' };
    expect(checkPickedFiles([aFile('a.mp3', 'audio/mpeg'), aFile('b.pdf', 'application/pdf')])).toEqual({ refusal });
    expect(checkPickedFiles([])).toEqual({ refusal });
  });
});
