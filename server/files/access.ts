import { STORED_FILES, type EntitySchema } from '../../schemas/define';
import { isAdmin } from '../../schemas/access';
import { storedSchemas } from '../../schemas/index';
import type { AuthUser } from '../auth/types';
import type { Database } from '../db/database';
import { HttpError } from '../rest/errors';
import { listRecords } from '../rest/service';

/**
 * Who may read a stored file (its metadata and its bytes): administrators, the user who uploaded
 * it, and anyone who can read at least one record whose `file`/`files` field holds it - asked
 * through the generic list of that record's collection, so the collection's own access (module
 * privilege, row filter, access rule) decides. Everyone else gets 404, as for a file that does
 * not exist, so ids cannot be probed.
 */

/** The fields of `schemas` that refer to stored files, as `[schema, field name]`. */
export function fileFields(schemas: readonly EntitySchema[] = storedSchemas()): Array<[EntitySchema, string]> {
  const out: Array<[EntitySchema, string]> = [];
  for (const schema of schemas) {
    if (schema.name === STORED_FILES) continue;
    for (const [name, fd] of Object.entries(schema.fields))
      if (fd.target === STORED_FILES && !fd.via) out.push([schema, name]);
  }
  return out;
}

/**
 * Whether `user` may read the file `id` uploaded by `createdBy`.
 * @param schemas the registry to search for referring records (tests pass their own)
 */
export async function canReadFile(
  db: Pick<Database, 'query'>,
  user: AuthUser,
  file: { id: number; createdBy: string | null },
  schemas: readonly EntitySchema[] = storedSchemas(),
): Promise<boolean> {
  if (isAdmin(user.roles) || (file.createdBy !== null && file.createdBy === user.username)) return true;
  for (const [schema, field] of fileFields(schemas)) {
    try {
      const page = await listRecords(db, schema, user, { [`${field}.id`]: String(file.id), size: '1' });
      if (page.items.length > 0) return true;
    } catch (error) {
      // a collection the user may not read grants nothing; anything else is a real failure
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
    }
  }
  return false;
}
