import { rule } from '../accessRule';
import type { RowModule } from '../accessRule';
import { PUBLISHER_SOURCE_TYPES, type PublisherModule } from '../modules';

/**
 * The publisher module governing website content (H9): `PUBLISHER_{UPPER(sourceTypeName)}`, one
 * row module per content type, comparing `sourceTypeName` at `path` (the form's own field, or the
 * parent form's through a reference: `contentPublicationForm.sourceTypeName`).
 * @example
 * rowModules: publisherRowModules('sourceTypeName'),
 * // [{ module: 'PUBLISHER_COUNTRY', when: rule.eq('sourceTypeName', 'country') }, ...16 entries]
 */
export const publisherRowModules = (path: string): RowModule<PublisherModule>[] =>
  PUBLISHER_SOURCE_TYPES.map((t) => ({
    module: `PUBLISHER_${t.toUpperCase()}` as PublisherModule,
    when: rule.eq(path, t),
  }));
