import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currencies } from '../../../schemas/index';
import { toHttpError } from '../../../dataProvider/httpClient';
import { renderAdmin } from '../testUtils';

const message = 'A Currency with this code already exists';

describe('a unique conflict in a generated form', { timeout: 20_000 }, () => {
  it('is shown at the field it names, the typed values kept, with no toast of the raw answer', async () => {
    renderAdmin('/currencies/create', [currencies], { currencies: [] }, undefined, (d) => ({
      ...d,
      // what the data provider makes of the server's 409 (server/rest/errors.ts, integrityError)
      create: () =>
        Promise.reject(
          toHttpError(409, 'Conflict', {
            message,
            errors: [{ entity: 'Currency', property: 'code', invalidValue: null, message }],
          }),
        ),
    }));
    const code = await screen.findByLabelText('Code *');
    fireEvent.change(code, { target: { value: 'USD' } });
    fireEvent.change(screen.getByLabelText('Name *'), { target: { value: 'Again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const field = code.closest('.MuiFormControl-root') as HTMLElement;
    expect(await within(field).findByText(message)).toBeInTheDocument();
    expect(code).toHaveValue('USD');
    expect(screen.getByLabelText('Name *')).toHaveValue('Again');
    expect(screen.getAllByText(message)).toHaveLength(1);
  });
});
