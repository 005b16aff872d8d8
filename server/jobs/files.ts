/**
 * The jobs routes' path and the shape of a file a job keeps as its result; a module without
 * imports, so the areas that queue jobs (`server/exports/`) can name them without importing the
 * routes.
 */

/** The base of the jobs routes (`server/jobs/routes.ts`, docs/api.md "Jobs"). */
export const JOBS_PATH = '/core/api/jobs';

/** A file a job produced, kept in the file storage until the job expires; a job's `result.file`. */
export interface JobFile {
  /** The storage key (`FileStorage.put`). Never sent to the client. */
  key: string;
  name: string;
  contentType: string;
  /** Bytes. */
  size: number;
}

/** The `file` of a job's result, when it has one. */
export const resultFile = (result: unknown): JobFile | undefined => {
  const file = (result as { file?: JobFile } | null)?.file;
  return file && typeof file.key === 'string' ? file : undefined;
};
