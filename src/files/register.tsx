/** The files area's renderers of the `file` and `files` field types, registered into the generic tables. */
import { fieldOf } from '../resources/fieldTypes/fieldOf';
import { registerFieldRenderer } from '../resources/fieldTypes/registry';
import { lazyInput } from '../resources/lazyPart';
import { FileCell, FilesCell, fileText, filesText } from './renderers';

/** The file input, loaded with the first form that shows one (it brings react-hook-form). */
const FileInput = lazyInput(() => import('./FileInput').then((m) => m.FileInput));

/**
 * Registers the cells, card fields and inputs of `file` (one stored file) and `files` (several)
 * into `src/resources/fieldTypes/registry.ts`; run at start-up, before the first render.
 */
export function registerFileFieldTypes(): void {
  registerFieldRenderer('file', {
    display: {
      text: fileText,
      cell: (value) => <FileCell value={value} />,
      field: fieldOf((value) => <FileCell value={value} />),
      sortable: false,
      column: true,
    },
    input: { input: FileInput },
  });
  registerFieldRenderer('files', {
    display: {
      text: filesText,
      field: fieldOf((value) => <FilesCell value={value} />, false),
      sortable: false,
      column: false,
    },
    input: { input: FileInput },
  });
}
