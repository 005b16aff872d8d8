import { PassThrough, Transform } from 'node:stream';
import { findSchema } from '../../schemas/index';
import { loadUser } from '../auth/users';
import type { FileStorage } from '../files/storage';
import { type JobKind, PermanentJobError } from '../jobs/queue';
import type { JobFile } from '../jobs/files';
import { writeWorkbook, XLSX_TYPE } from './excel';
import { EXPORT_EXCEL, exportBatches, type ExportJobPayload, requestedColumns } from './routes';

export { EXPORT_EXCEL, EXPORT_JOB_ROWS } from './routes';

/** The result of an {@link EXPORT_EXCEL} job. */
export interface ExportJobResult {
  rows: number;
  file: JobFile;
}

/**
 * The Excel export as a job kind: the workbook of `POST /core/api/excel/generate/<name>` written
 * into the file storage, for the user who started it and with their rights as they are when it
 * runs (the user is loaded again; a user disabled meanwhile gets nothing). Progress is the share
 * of rows written. Its file is removed with the job when the job expires.
 */
export function exportJobKind(storage: FileStorage): JobKind<ExportJobPayload, ExportJobResult> {
  return {
    kind: EXPORT_EXCEL,
    maxAttempts: 3,
    run: async ({ db, payload, createdBy, progress, signal }) => {
      const schema = findSchema(payload.schema);
      if (!schema?.excel) throw new PermanentJobError(`${payload.schema} has no Excel export`);
      const loaded = createdBy ? await loadUser(db, createdBy) : null;
      if (!loaded?.account.enabled || loaded.noAccess)
        throw new PermanentJobError('The user who asked is no longer active');
      const columns = requestedColumns(schema, payload.body, loaded.user);
      const next = await exportBatches(db, schema, loaded.user, payload.query);
      const total = next.total;
      let written = 0;
      const counted = async () => {
        signal.throwIfAborted();
        const batch = await next();
        written += batch.length;
        if (batch.length > 0) await progress(total ? (95 * written) / total : 0, `${written} of ${total} rows`);
        return batch;
      };
      let size = 0;
      const out = new PassThrough();
      const sized = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      const stored = storage.put(out.pipe(sized));
      let rows: number;
      try {
        ({ rows } = await writeWorkbook(out, schema.label, columns, counted));
      } catch (e) {
        out.destroy(e as Error);
        await stored.catch(() => undefined);
        throw e;
      }
      const key = await stored;
      return { rows, file: { key, name: schema.excel.fileName, contentType: XLSX_TYPE, size } };
    },
    expire: async (result) => {
      if (result.file?.key) await storage.delete(result.file.key);
    },
  };
}
