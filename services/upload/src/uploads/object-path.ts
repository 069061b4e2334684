import { randomUUID } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The folder of a user's uploads. base64url of the id: safe in a key and one-to-one, so no two
 * users can share a folder (a lossy escape such as ':' → '_' could).
 */
export const userPrefix = (userId: string) => `uploads/${Buffer.from(userId, 'utf8').toString('base64url')}/`;

/** A fresh key for the user's next upload: `uploads/<user>/<uuid>`. */
export const newObjectPath = (userId: string) => `${userPrefix(userId)}${randomUUID()}`;

/** True only for a key this service could have issued to this user. */
export function isOwnObjectPath(objectPath: string, userId: string): boolean {
  const prefix = userPrefix(userId);
  return objectPath.startsWith(prefix) && UUID.test(objectPath.slice(prefix.length));
}
