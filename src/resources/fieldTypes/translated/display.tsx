/**
 * Display of translated texts (`f.translated`, `schemas/fieldTypes/translated.ts`): the text in
 * the user's language (`activeLocale`), else in the field's fallback language; long texts are
 * truncated in list cells as `longText` is.
 */
import type { Field } from '../../../../schemas/define';
import { fallbackOf } from '../../../../schemas/languages';
import { translatedText } from '../../../../schemas/languages';
import { activeLocale } from '../../../i18n/activeLocale';
import { truncate } from '../../format';
import { fieldOf } from '../fieldOf';
import type { FieldDisplay } from '../types';

/**
 * A translated value as the current user reads it.
 * @example translatedValue({ en: 'News', ru: 'Новости' }, f.translated()) // 'Новости' when the user speaks Russian
 */
export const translatedValue = (value: unknown, fd: Field): string =>
  translatedText(value, activeLocale(), fallbackOf(fd));

export const translatedDisplay: FieldDisplay = {
  text: translatedValue,
  cell: (value, fd) => truncate(translatedValue(value, fd)),
  field: fieldOf((value, fd, inList) => {
    const text = translatedValue(value, fd);
    return inList ? truncate(text) : <span style={{ whiteSpace: 'pre-wrap' }}>{text}</span>;
  }),
  sortable: true,
  column: true,
};
