/**
 * Test helper: widgets inside a react-admin `<Form>` with a submit button and the English
 * catalogue (or the Russian one, `inRussian`).
 */
import { render } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { en } from '../i18n/en';
import { ru } from '../i18n/ru';
import type { ReactNode } from 'react';
import { AdminContext, Form, type DataProvider } from 'react-admin';
import { vi } from 'vitest';

const i18nProvider = polyglotI18nProvider(() => en, 'en', [], { allowMissing: true });
const ruI18nProvider = polyglotI18nProvider(() => ru as unknown as typeof en, 'ru', [], { allowMissing: true });

/** Renders `children` in a form over `record`; `submitted()` is the last submitted values. */
export function renderForm(
  children: ReactNode,
  record: Record<string, unknown> = {},
  dataProvider?: DataProvider,
  { inRussian = false }: { inRussian?: boolean } = {},
) {
  const onSubmit = vi.fn();
  const result = render(
    <AdminContext i18nProvider={inRussian ? ruI18nProvider : i18nProvider} dataProvider={dataProvider}>
      <Form record={record} onSubmit={onSubmit}>
        {children}
        <button type="submit">Submit</button>
      </Form>
    </AdminContext>,
  );
  return {
    ...result,
    onSubmit,
    submitted: () => onSubmit.mock.calls.at(-1)?.[0] as Record<string, unknown> | undefined,
  };
}
