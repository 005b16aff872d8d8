import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, Form } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clients } from '../../schemas/index';
import { inputFor } from './inputs';

afterEach(cleanup);

describe('percent input', () => {
  it('CLI-04 shows 12 for 0.12 and stores 0.12 when the user types 12', async () => {
    const onSubmit = vi.fn();
    render(
      <AdminContext>
        <Form record={{ id: 1, vatEnabled: true, vatPercent: 0.07 }} onSubmit={onSubmit}>
          {inputFor('vatPercent', clients.fields.vatPercent)}
          <button type="submit">Submit</button>
        </Form>
      </AdminContext>,
    );
    const input = await screen.findByLabelText('VAT %');
    expect(input).toHaveValue(7);
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.click(screen.getByText('Submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ vatPercent: 0.12 });
  });

  it('CLI-05 disables vatPercent while VAT is off', async () => {
    render(
      <AdminContext>
        <Form record={{ id: 1, vatEnabled: false, vatPercent: 0 }}>
          {inputFor('vatPercent', clients.fields.vatPercent)}
        </Form>
      </AdminContext>,
    );
    expect(await screen.findByLabelText('VAT %')).toBeDisabled();
  });
});
