import { join } from 'node:path';
import { LocalStorage } from './localStorage';
import type { S3Settings } from './s3Storage';
import type { FileStorage } from './storage';

/** Uploaded files: where they are stored and how large an upload may be. */
export interface FileConfig {
  /** `local` (default): the disk under `dir`; `s3`: an S3-compatible bucket (`FILE_STORAGE`). */
  storage: 'local' | 's3';
  /** Directory of the local storage (`FILE_DIR`, default `<DATA_DIR>/files`). */
  dir: string;
  /** The bucket's settings when `storage` is `s3`. */
  s3?: S3Settings;
  /** Largest file, bytes (`FILE_MAX_BYTES`, default 20 MB = 20,971,520); a larger one is 413. */
  maxBytes: number;
  /** Most files in one upload request (`FILE_MAX_COUNT`, default 10); more is 413. */
  maxCount: number;
}

export const DEFAULT_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const DEFAULT_FILE_MAX_COUNT = 10;

const positiveInt = (env: Record<string, string | undefined>, name: string, fallback: number): number => {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return n;
};

/**
 * Reads the file settings from the environment (defaults on {@link FileConfig}).
 * @throws Error for an unknown `FILE_STORAGE`, `s3` without `S3_BUCKET`, only one of the two S3
 *   keys, or a limit that is not a positive whole number
 */
export function loadFileConfig(env: Record<string, string | undefined>, dataDir: string): FileConfig {
  const storage = (env.FILE_STORAGE ?? '').trim().toLowerCase() || 'local';
  if (storage !== 'local' && storage !== 's3')
    throw new Error(`FILE_STORAGE must be "local" or "s3", got "${env.FILE_STORAGE}"`);
  let s3: S3Settings | undefined;
  if (storage === 's3') {
    if (!env.S3_BUCKET) throw new Error('FILE_STORAGE=s3 needs S3_BUCKET');
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY))
      throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither');
    s3 = {
      endpoint: env.S3_ENDPOINT || undefined,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION || 'us-east-1',
      accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
      forcePathStyle: /^(1|true|yes)$/i.test(env.S3_FORCE_PATH_STYLE ?? ''),
    };
  }
  return {
    storage,
    dir: env.FILE_DIR || join(dataDir, 'files'),
    s3,
    maxBytes: positiveInt(env, 'FILE_MAX_BYTES', DEFAULT_FILE_MAX_BYTES),
    maxCount: positiveInt(env, 'FILE_MAX_COUNT', DEFAULT_FILE_MAX_COUNT),
  };
}

/** The configuration's storage; the AWS SDK is loaded only when S3 is configured. */
export async function storageOf(config: FileConfig): Promise<FileStorage> {
  if (config.storage === 's3' && config.s3) return new (await import('./s3Storage')).S3Storage(config.s3);
  return new LocalStorage(config.dir);
}
