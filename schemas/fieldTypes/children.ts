import type { FieldTypeModule } from './types';

/**
 * `children`: owned rows of another collection that point back through `via`. The generic body
 * parser writes them (nested create, update and delete with `nestedWrite`), so there is no wire
 * schema here; the JSON Schema names the rows' collection.
 */
export const children: FieldTypeModule<'children'> = {
  type: 'children',
  nullable: false,
  output: (_fd, v) => v,
  jsonSchema: (fd, base) => ({
    ...base,
    type: 'array',
    items: { type: 'object', description: `rows of ${fd.target}` },
  }),
  sample: () => [],
  invalid: (fd) => (fd.nestedWrite ? [{}, 'x', null] : []),
};
