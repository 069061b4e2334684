import { detectAudioKind } from './audio-signature';
import { sanitiseFilename } from './filename';
import { decodeCursor, encodeCursor } from './history-cursor';
import { isOwnObjectPath, newObjectPath, userPrefix } from './object-path';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('detectAudioKind', () => {
  it.each([
    ['MP3 with an ID3 tag', bytes('ID3', [4, 0, 0, 0, 0, 0, 0]), 'mp3'],
    ['MP3 frame, MPEG-1 layer III 128 kbit/s', bytes([0xff, 0xfb, 0x90, 0x64]), 'mp3'],
    ['MP3 frame, MPEG-2 layer III', bytes([0xff, 0xf3, 0x40, 0xc4]), 'mp3'],
    ['M4A', bytes([0, 0, 0, 0x20], 'ftypM4A ', [0, 0, 0, 0]), 'mp4'],
    ['MP4', bytes([0, 0, 0, 0x18], 'ftypisom'), 'mp4'],
    ['WAV', bytes('RIFF', [0x24, 0x08, 0, 0], 'WAVE'), 'wav'],
  ])('recognises %s', (_, input, kind) => {
    expect(detectAudioKind(input)).toBe(kind);
  });

  it.each([
    ['a PDF', bytes('%PDF-1.7\n%\xe2\xe3')],
    ['a PNG', bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13])],
    ['AVI (RIFF but not WAVE)', bytes('RIFF', [0, 0, 0, 0], 'AVI ')],
    ['an ADTS AAC header (layer 00)', bytes([0xff, 0xf1, 0x50, 0x80])],
    ['a frame sync with the reserved version', bytes([0xff, 0xeb, 0x90, 0x64])],
    ['a frame sync with the invalid bitrate', bytes([0xff, 0xfb, 0xf0, 0x64])],
    ['text', bytes('hello world!')],
    ['nothing', Buffer.alloc(0)],
    ['two bytes', bytes([0xff, 0xfb])],
  ])('refuses %s', (_, input) => {
    expect(detectAudioKind(input)).toBeNull();
  });
});

describe('sanitiseFilename', () => {
  it.each([
    ['song.mp3', 'song.mp3'],
    ['  my   song .mp3 ', 'my song .mp3'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\me\\track.wav', 'track.wav'],
    ['<img src=x onerror=alert(1)>.mp3', '_img src=x onerror=alert(1)_.mp3'],
    ['a/b<script>.mp3', 'b_script_.mp3'],
    ['a\u0000b\u001fc.mp3', 'a_b_c.mp3'],
    ['.hidden.mp3', 'hidden.mp3'],
    ['..', 'untitled'],
    ['', 'untitled'],
    ['???', 'untitled'],
    ['Café Del Mar.mp3', 'Café Del Mar.mp3'],
  ])('%j → %j', (raw, clean) => {
    expect(sanitiseFilename(raw)).toBe(clean);
  });

  it('shortens a long name to 200 characters and keeps its extension', () => {
    const clean = sanitiseFilename(`${'x'.repeat(400)}.mp3`);
    expect(clean).toHaveLength(200);
    expect(clean.endsWith('x.mp3')).toBe(true);
  });
});

describe('object paths', () => {
  it('issues keys under the user folder that only that user owns', () => {
    const path = newObjectPath('dev:ann@example.com');
    expect(path).toMatch(/^uploads\/[A-Za-z0-9_-]+\/[0-9a-f-]{36}$/);
    expect(isOwnObjectPath(path, 'dev:ann@example.com')).toBe(true);
    expect(isOwnObjectPath(path, 'dev:bob@example.com')).toBe(false);
  });

  it('keeps users whose ids differ only in punctuation apart', () => {
    expect(userPrefix('dev:a_b')).not.toBe(userPrefix('dev_a:b'));
    expect(userPrefix('dev:a')).not.toBe(userPrefix('dev_a'));
  });

  it('refuses anything but a bare uuid after the user folder', () => {
    const prefix = userPrefix('u1');
    expect(isOwnObjectPath(`${prefix}../other/123e4567-e89b-12d3-a456-426614174000`, 'u1')).toBe(false);
    expect(isOwnObjectPath(`${prefix}123e4567-e89b-12d3-a456-426614174000/x`, 'u1')).toBe(false);
    expect(isOwnObjectPath(`${prefix}123e4567-e89b-12d3-a456-426614174000`, 'u1')).toBe(true);
  });
});

describe('history cursor', () => {
  it('round-trips the position', () => {
    const at = { createdAt: new Date('2026-11-24T10:00:00.123Z'), id: '123e4567-e89b-12d3-a456-426614174000' };
    expect(decodeCursor(encodeCursor(at))).toEqual(at);
  });

  it.each([
    '',
    'not-base64!',
    Buffer.from('{"a":1}').toString('base64url'),
    Buffer.from('["x","y"]').toString('base64url'),
  ])('refuses %j with a message', (raw) => {
    expect(() => decodeCursor(raw)).toThrow('The history cursor is not valid');
  });
});
