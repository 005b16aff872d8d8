import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { matterSharedMaterials, storageFolders, storedFiles } from '../../../schemas/index';
import type { FileStorage } from '../../files/storage';
import type { Reference } from './reference';
import { REFERENCE_DATE } from './random';
import { insertRows, syncIdSequence, type Tx } from './sql';

const audit = {
  createdBy: 'seed',
  lastModifiedBy: 'seed',
  createdDate: REFERENCE_DATE.toISOString(),
  lastModifiedDate: REFERENCE_DATE.toISOString(),
};

/** The demo's storage folders: [name, STORAGE_FOLDER_TYPE code, parent's index in this list]. */
const FOLDERS: Array<[string, number, number | null]> = [
  ['Precedents', 2, null],
  ['Share purchases', 2, 0],
  ['Disputes', 2, 0],
  ['Memos', 2, null],
  ['Diagrams', 1, null],
];

/** The demo's materials: [name, folder index or null for unfiled]. */
const MATERIALS: Array<[string, number | null]> = [
  ['Engagement summary', 3],
  ['Share purchase checklist', 1],
  ['Claim outline', 2],
  ['Research memo', 3],
  ['Closing agenda', 1],
  ['Meeting notes', null],
  ['Regulatory overview', 0],
  ['Lessons learned', null],
];

/**
 * Demo catalogs: five storage folders (three at the top, two inside "Precedents") and eight shared
 * materials on the first eight matters, one each, as small text files. The files' bytes go to
 * `files` (the server's file storage), so they download like uploaded ones; without a storage
 * only the folders are seeded. Ids follow the tables' current maximum, so it runs after the
 * matters are seeded. @returns row counts by table
 */
export async function seedCatalogs(tx: Tx, ref: Reference, files?: FileStorage): Promise<Record<string, number>> {
  const next = async (table: string) =>
    Number((await tx.query<{ n: number }>(`SELECT COALESCE(max(id), 0)::int AS n FROM ${table}`))[0]?.n ?? 0) + 1;
  const firstFolder = await next(storageFolders.table);
  await insertRows(
    tx,
    storageFolders,
    FOLDERS.map(([name, type, parent], i) => ({
      id: firstFolder + i,
      name,
      type: ref.dict('STORAGE_FOLDER_TYPE', type),
      parent: parent === null ? null : firstFolder + parent,
      ...audit,
    })),
  );
  await syncIdSequence(tx, storageFolders);
  const counts: Record<string, number> = { storageFolders: FOLDERS.length };
  if (!files) return counts;
  const matters = await tx.query<{ id: number; number: string; description: string }>(
    `SELECT id, number, description FROM matters ORDER BY id LIMIT ${MATERIALS.length}`,
  );
  const firstFile = await next(storedFiles.table);
  const firstMaterial = await next(matterSharedMaterials.table);
  const fileRows: Array<Record<string, unknown>> = [];
  const materialRows: Array<Record<string, unknown>> = [];
  for (const [i, matter] of matters.entries()) {
    const [name, folder] = MATERIALS[i]!;
    const bytes = Buffer.from(`${name}\n\nMatter ${matter.number}: ${matter.description}\n`, 'utf8');
    const storageKey = await files.put(Readable.from([bytes]));
    fileRows.push({
      id: firstFile + i,
      name: `${name.toLowerCase().replace(/ /g, '-')}.txt`,
      contentType: 'text/plain',
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      storageKey,
      ...audit,
    });
    materialRows.push({
      id: firstMaterial + i,
      name,
      file: firstFile + i,
      matter: matter.id,
      folder: folder === null ? null : firstFolder + folder,
      ...audit,
    });
  }
  if (materialRows.length === 0) return counts;
  await insertRows(tx, storedFiles, fileRows);
  await insertRows(tx, matterSharedMaterials, materialRows);
  await syncIdSequence(tx, storedFiles);
  await syncIdSequence(tx, matterSharedMaterials);
  return { ...counts, storedFiles: fileRows.length, matterSharedMaterials: materialRows.length };
}
