import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { f } from '../../../../schemas/define';
import { contentPublicationForms } from '../../../../schemas/index';
import { setActiveLocale } from '../../../i18n/activeLocale';
import { renderForm } from '../../../widgets/testUtils';
import { inputFor } from '../../inputs';
import { formatValue } from '../display';
import { inputLanguages } from './input';

afterEach(() => {
  cleanup();
  setActiveLocale('en');
});

const title = contentPublicationForms.fields.title;

describe('a translated field in the SPA', () => {
  it("shows the user's language, else the fallback language", () => {
    const both = { en: 'Energy market outlook', ru: 'Обзор энергетического рынка' };
    expect(formatValue(title, both)).toBe('Energy market outlook');
    setActiveLocale('ru');
    expect(formatValue(title, both)).toBe('Обзор энергетического рынка');
    expect(formatValue(title, { en: 'Tax guide' })).toBe('Tax guide');
    expect(formatValue(title, { en: 'Tax guide', ru: '  ' })).toBe('Tax guide');
    expect(formatValue(f.translated({ fallback: 'ru' }), { ru: 'Только по-русски' })).toBe('Только по-русски');
    setActiveLocale('en');
    expect(formatValue(f.translated({ fallback: 'ru' }), { ru: 'Только по-русски' })).toBe('Только по-русски');
    expect(formatValue(title, null)).toBe('');
  });

  it("has one input per language, the user's first, and sends the object by language", async () => {
    setActiveLocale('ru');
    expect(inputLanguages()).toEqual(['ru', 'en']);
    const { submitted } = renderForm(inputFor('title', title), { title: { en: 'Tax guide' } });
    const inputs = screen.getAllByRole('textbox');
    expect(inputs.map((i) => (i as HTMLInputElement).value)).toEqual(['', 'Tax guide']);
    fireEvent.change(screen.getByLabelText('Русский'), { target: { value: 'Налоговый справочник' } });
    fireEvent.click(screen.getByText('Submit'));
    await waitFor(() => expect(submitted()).toMatchObject({ title: { en: 'Tax guide', ru: 'Налоговый справочник' } }));
  });

  it("refuses a text over the field's length at that language's input", async () => {
    const { submitted } = renderForm(inputFor('title', title), { title: { en: 'x'.repeat(301) } });
    fireEvent.click(screen.getByText('Submit'));
    expect(await screen.findByText(/size must be between 0 and 300/i)).toBeInTheDocument();
    expect(submitted()).toBeUndefined();
  });

  it('asks a required field for its fallback language only', async () => {
    const required = f.translated({ required: true, label: 'Headline' });
    const { submitted } = renderForm(inputFor('headline', required), { headline: { ru: 'Заголовок' } });
    fireEvent.click(screen.getByText('Submit'));
    await waitFor(() => expect(screen.getByLabelText(/English/)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText(/Русский/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(submitted()).toBeUndefined();
  });
});
