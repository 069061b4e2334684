/** The Postgres schema the upload service owns. */
export const UPLOAD_SCHEMA = 'upload';
