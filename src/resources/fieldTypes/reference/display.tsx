/**
 * Display of references: a to-one reference (`ref`, `dictionary`) as its target's representation
 * (the object the projection embedded, never fetched), a `refId` as `#<id>`, to-many references
 * and child lists as chips of their representations.
 */
import type { Field } from '../../../../schemas/define';
import { ChipsValue } from '../../fields/ChipsValue';
import { representRecord } from '../../format';
import { targetRepresentation } from '../../schemaUtils';
import { fieldOf } from '../fieldOf';
import type { FieldDisplay } from '../types';

type ReferenceType = 'ref' | 'refId' | 'dictionary' | 'refList' | 'dictionaryList' | 'children';

const represent = (value: unknown, fd: Field) => representRecord(targetRepresentation(fd), value);

const toOne: FieldDisplay = {
  text: represent,
  cell: represent,
  field: fieldOf(represent),
  sortable: true,
  column: true,
};

const refIdText = (value: unknown) => (value == null || value === '' ? '' : `#${String(value)}`);

const toMany: FieldDisplay = {
  text: (value, fd) => (Array.isArray(value) ? value.map((item) => represent(item, fd)).join(', ') : ''),
  field: fieldOf((value, fd) => <ChipsValue items={value} template={targetRepresentation(fd)} />, false),
  sortable: false,
  column: false,
};

export const referenceDisplays: Record<ReferenceType, FieldDisplay> = {
  ref: toOne,
  dictionary: toOne,
  refId: { text: refIdText, cell: refIdText, field: fieldOf(refIdText), sortable: true, column: true },
  refList: toMany,
  dictionaryList: toMany,
  children: toMany,
};
