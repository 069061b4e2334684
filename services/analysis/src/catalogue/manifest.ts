import { isAbsolute, resolve, dirname } from 'node:path';

/**
 * A catalogue manifest: a JSON array of reference tracks, each naming its audio file relative to
 * the manifest. Checked here, once, so the importer only ever sees valid entries.
 */
export interface ManifestEntry {
  /** Absolute path of the audio file. */
  file: string;
  title: string;
  artist: string;
  platform: string;
  releaseYear: number | null;
  previewUrl: string | null;
  licence: string | null;
}

/** An entry the importer refused, with the reason a person can act on. */
export interface RejectedEntry {
  /** 1-based position in the manifest. */
  position: number;
  /** The entry's file (or title) when it has one, so the message names the entry. */
  label: string;
  reason: string;
}

export interface ParsedManifest {
  entries: ManifestEntry[];
  rejected: RejectedEntry[];
}

/** Thrown when the manifest as a whole is unusable (not JSON, not an array). */
export class ManifestError extends Error {
  override name = 'ManifestError';
}

export const MANIFEST_LIMITS = {
  textMaxLength: 300,
  /** Recorded music starts in the late 19th century; anything earlier is a typo. */
  earliestReleaseYear: 1860,
} as const;

const DEFAULT_PLATFORM = 'Spotify';
const KNOWN_FIELDS = new Set(['file', 'title', 'artist', 'releaseYear', 'platform', 'previewUrl', 'licence']);

/** Parses manifest text; entries with problems are returned as rejected, the rest resolved against `manifestPath`. */
export function parseManifest(text: string, manifestPath: string, now = new Date()): ParsedManifest {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ManifestError(`${manifestPath} is not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(raw)) {
    throw new ManifestError(`${manifestPath} must hold a JSON array of tracks, found ${describeType(raw)}`);
  }
  const baseDir = dirname(resolve(manifestPath));
  const parsed: ParsedManifest = { entries: [], rejected: [] };
  raw.forEach((item, index) => {
    const result = validateEntry(item, baseDir, now.getUTCFullYear() + 1);
    if (typeof result === 'string') {
      parsed.rejected.push({ position: index + 1, label: labelOf(item), reason: result });
    } else {
      parsed.entries.push(result);
    }
  });
  return parsed;
}

/** Returns the valid entry, or a message naming every problem found in it. */
export function validateEntry(item: unknown, baseDir: string, latestReleaseYear: number): ManifestEntry | string {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    return `must be an object with file, title and artist, found ${describeType(item)}`;
  }
  const record = item as Record<string, unknown>;
  const problems: string[] = [];
  const unknown = Object.keys(record).filter((key) => !KNOWN_FIELDS.has(key));
  if (unknown.length > 0) problems.push(`unknown field(s) ${unknown.join(', ')}`);

  const file = requiredText(record, 'file', problems);
  const title = requiredText(record, 'title', problems);
  const artist = requiredText(record, 'artist', problems);
  const platform = optionalText(record, 'platform', problems) ?? DEFAULT_PLATFORM;
  const licence = optionalText(record, 'licence', problems);
  const previewUrl = optionalUrl(record, problems);
  const releaseYear = optionalYear(record, latestReleaseYear, problems);

  if (problems.length > 0) return problems.join('; ');
  return {
    file: isAbsolute(file!) ? file! : resolve(baseDir, file!),
    title: title!,
    artist: artist!,
    platform,
    releaseYear,
    previewUrl,
    licence,
  };
}

function requiredText(record: Record<string, unknown>, field: string, problems: string[]): string | null {
  if (record[field] === undefined || record[field] === null) {
    problems.push(`${field} is required`);
    return null;
  }
  return optionalText(record, field, problems);
}

function optionalText(record: Record<string, unknown>, field: string, problems: string[]): string | null {
  const value = record[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.trim() === '') {
    problems.push(`${field} must be a non-empty string`);
    return null;
  }
  if (value.length > MANIFEST_LIMITS.textMaxLength) {
    problems.push(`${field} must be at most ${MANIFEST_LIMITS.textMaxLength} characters`);
    return null;
  }
  return value.trim();
}

function optionalUrl(record: Record<string, unknown>, problems: string[]): string | null {
  const text = optionalText(record, 'previewUrl', problems);
  if (text === null) return null;
  try {
    const url = new URL(text);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.toString();
  } catch {
    // Falls through to the message below.
  }
  problems.push('previewUrl must be an http(s) URL');
  return null;
}

function optionalYear(record: Record<string, unknown>, latest: number, problems: string[]): number | null {
  const value = record['releaseYear'];
  if (value === undefined || value === null) return null;
  const earliest = MANIFEST_LIMITS.earliestReleaseYear;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < earliest || value > latest) {
    problems.push(`releaseYear must be a whole year between ${earliest} and ${latest}`);
    return null;
  }
  return value;
}

function labelOf(item: unknown): string {
  if (typeof item === 'object' && item !== null) {
    const record = item as Record<string, unknown>;
    for (const field of ['file', 'title']) {
      if (typeof record[field] === 'string' && record[field] !== '') return record[field] as string;
    }
  }
  return '(unnamed)';
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

/** "entry 3 (song.wav): title is required" — the form every report of a rejected entry uses. */
export function describeRejection(rejected: RejectedEntry): string {
  return `${entryName(rejected)}: ${rejected.reason}`;
}

/** "entry 3 (song.wav)". */
export function entryName(rejected: RejectedEntry): string {
  return `entry ${rejected.position} (${rejected.label})`;
}
