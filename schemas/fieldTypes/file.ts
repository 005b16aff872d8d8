import { toMany, toOne } from './reference';
import type { Json, JsonSchemaContext } from './types';

/** A stored file as the wire reads it: `{ id, name, contentType, size }` (size in bytes). */
const storedFile = (seed: number) => ({
  id: 1 + seed,
  name: `sample-${1 + seed}.pdf`,
  contentType: 'application/pdf',
  size: 1024 + seed,
});

const oneJson = (base: Json, ctx: JsonSchemaContext): Json => ({
  ...base,
  oneOf: [ctx.ref('StoredFile'), ctx.ref('Reference')],
  description: 'written { "id": <stored file id> }, read { id, name, contentType, size }',
});

/** `file`: one uploaded file, a reference to `storedFiles` (written `{ id }`, read `{ id, name, contentType, size }`). */
export const file = toOne('file', {
  jsonSchema: (_fd, base, ctx) => oneJson(base, ctx),
  sample: (_fd, seed) => storedFile(seed),
});

/** `files`: several uploaded files (join table), written `[{ id }]`, read as a list of stored files. */
export const files = toMany('files', {
  jsonSchema: (_fd, base, ctx) => ({ ...base, type: 'array', items: oneJson({}, ctx) }),
  sample: (_fd, seed) => [storedFile(seed)],
});
