/**
 * Installs the spec's widgets in every generated form (`setInputRenderer` per field type, see
 * ./renderers). The lead calls `registerWidgets()` once at start-up; nothing here calls it.
 */
import type { FieldType } from '../../schemas/define';
import { setInputRenderer } from '../resources/inputs';
import { widgetRenderers } from './renderers';

/** Makes generated forms use the widgets: text/email/url/phone, longText, percent, money, number, date, month, ref(s), dictionary(ies). */
export function registerWidgets(): void {
  for (const [type, renderer] of Object.entries(widgetRenderers)) {
    if (renderer) setInputRenderer(type as FieldType, renderer);
  }
}
