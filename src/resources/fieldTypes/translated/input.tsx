/**
 * The form input of translated texts (`f.translated`): a fieldset named by the field's label with
 * one input per language (`LANGUAGES`, each labelled with the language's own name), the user's
 * language first. Each input writes `<field>.<language>`, so the form holds and sends the wire
 * object `{ "en": "...", "ru": "..." }`. Each text is validated as a `text` (or, `multiline`, a
 * `longText`) of the field's bounds; a required field asks for its fallback language's text.
 */
import { Box, Typography } from '@mui/material';
import type { Field } from '../../../../schemas/define';
import { fallbackOf } from '../../../../schemas/languages';
import { LANGUAGES, type Language } from '../../../../schemas/languages';
import { activeLocale, LOCALES } from '../../../i18n/activeLocale';
import { TextareaWidget } from '../../../widgets/Textarea';
import { TextWidget } from '../../../widgets/TextInput';
import { maxLengthOf, validatorsFor } from '../../inputs/validators';
import { widgetProps } from '../scalar/input';
import { SummaryLine } from '../SummaryLine';
import type { FieldInput, InputRenderProps } from '../types';

/** A language's own name (`English`, `Русский`), as the language menu shows it. */
const languageName = (language: Language): string => LOCALES.find((l) => l.locale === language)?.name ?? language;

/** The languages in the order the inputs show them: the user's first, then the rest as declared. */
export const inputLanguages = (current: string = activeLocale()): Language[] => [
  ...LANGUAGES.filter((l) => l === current),
  ...LANGUAGES.filter((l) => l !== current),
];

/**
 * The field one language's text is checked as: a `text` (`longText` when `multiline`) with the
 * translated field's bounds, required only for the fallback language of a required field.
 */
export const languageField = (fd: Field, language: Language): Field => ({
  type: fd.multiline ? 'longText' : 'text',
  maxLength: fd.maxLength,
  minLength: fd.minLength,
  pattern: fd.pattern,
  required: fd.required === true && language === fallbackOf(fd),
});

const TranslatedInput = (p: InputRenderProps) => (
  <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} aria-label={p.label}>
    <Typography component="legend" variant="subtitle1" gutterBottom>
      {p.label}
    </Typography>
    {inputLanguages().map((language) => {
      const fd = languageField(p.field, language);
      const props = {
        ...widgetProps({ ...p, field: fd }),
        source: `${p.name}.${language}`,
        label: <span lang={language}>{languageName(language)}</span>,
        validate: validatorsFor(fd),
        maxLength: maxLengthOf(fd),
      };
      return p.field.multiline ? (
        <TextareaWidget key={language} {...props} />
      ) : (
        <TextWidget key={language} {...props} />
      );
    })}
  </Box>
);

export const translatedInput: FieldInput = {
  input: (p) => <TranslatedInput {...p} />,
  summary: ({ name, value, label }) => {
    const texts = (value ?? {}) as Record<string, unknown>;
    return inputLanguages().map((language) => (
      <SummaryLine
        key={`${name}.${language}`}
        label={`${label}: ${languageName(language)}`}
        value={typeof texts[language] === 'string' ? (texts[language] as string) : ''}
      />
    ));
  },
};
