import { fireEvent, screen, waitFor } from '@testing-library/react';
import fakeRestProvider from 'ra-data-fakerest';
import { describe, expect, it } from 'vitest';
import { SimpleDropdown } from './SimpleDropdown';
import { renderForm } from './testUtils';

describe('SimpleDropdown', () => {
  it('WID-31 a simple dropdown picks one of fixed choices, "Select" when empty', async () => {
    const { submitted } = renderForm(
      <SimpleDropdown
        source="c"
        label="Colour"
        choices={[
          { id: 1, name: 'Red' },
          { id: 2, name: 'Blue' },
        ]}
      />,
    );
    const select = screen.getByRole('combobox', { name: /^Colour/ });
    expect(select).toHaveTextContent('Select');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument(); // no search box
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Blue' }));
    fireEvent.click(screen.getByText('Submit'));
    await waitFor(() => expect(submitted()).toMatchObject({ c: 2 }));
  });

  it('WID-31 reads its choices from a reference and marks required with *', async () => {
    const dataProvider = fakeRestProvider(
      { colours: [{ id: 7, name: 'Green', lastModifiedDate: '2026-01-01' }] },
      false,
    );
    const { container } = renderForm(
      <SimpleDropdown source="c" label="Colour" reference="colours" required />,
      { c: 7 },
      dataProvider,
    );
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Colour/ })).toHaveTextContent('Green'));
    expect(container.querySelector('label')!.textContent).toMatch(/^Colour\s\*$/);
  });
});
