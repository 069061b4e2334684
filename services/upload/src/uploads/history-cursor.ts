import { DomainError } from '@originality/platform';

/** Position in a user's history (newest first): the last upload of the page before. */
export interface HistoryCursor {
  createdAt: Date;
  id: string;
}

export function encodeCursor(cursor: HistoryCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt.toISOString(), cursor.id])).toString('base64url');
}

export function decodeCursor(raw: string): HistoryCursor {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown[];
    const date = new Date(String(createdAt));
    if (typeof createdAt === 'string' && typeof id === 'string' && !Number.isNaN(date.getTime()))
      return { createdAt: date, id };
  } catch {
    // reported below
  }
  throw DomainError.validation('The history cursor is not valid. Reload the history.');
}
