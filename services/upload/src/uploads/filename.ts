const MAX_LENGTH = 200;
// Characters that are unsafe in file systems, headers or HTML attributes, and control characters.
// eslint-disable-next-line no-control-regex -- control characters are exactly what it removes
const UNSAFE = /[<>:"/\\|?*\u0000-\u001f\u007f]/g;

/**
 * A name safe to show and to put in a download header: the last path segment only, unsafe
 * characters replaced, whitespace collapsed, at most 200 characters with the extension kept.
 */
export function sanitiseFilename(raw: string): string {
  const lastSegment = raw.split(/[/\\]/).pop() ?? '';
  let name = lastSegment.normalize('NFC').replace(UNSAFE, '_').replace(/\s+/g, ' ').trim();
  name = name.replace(/^\.+/, '').trim(); // no hidden files, no '..'
  if (!name || /^_+$/.test(name)) return 'untitled';
  if (name.length <= MAX_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return name.slice(0, MAX_LENGTH - extension.length).trimEnd() + extension;
}
