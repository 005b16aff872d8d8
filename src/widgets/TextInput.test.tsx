import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { minLength, required } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { TextWidget } from './TextInput';
import { renderForm } from './testUtils';

describe('TextWidget', () => {
  it('WID-32 takes label, id, description, disabled, type, min/max/step and isHorizontal', () => {
    renderForm(
      <TextWidget
        source="age"
        label="Age"
        id="age-id"
        description="Years"
        type="number"
        min={1}
        max={9}
        step={1}
        isHorizontal
        disabled
      />,
    );
    const input = screen.getByLabelText('Age');
    expect(input).toHaveAttribute('id', 'age-id');
    expect(input).toHaveAttribute('type', 'number');
    expect(input).toHaveAttribute('min', '1');
    expect(input).toHaveAttribute('max', '9');
    expect(input).toHaveAttribute('step', '1');
    expect(input).toBeDisabled();
    expect(screen.getByText('Years')).toBeInTheDocument();
    expect(input.closest('[data-layout="horizontal"]')).not.toBeNull();
  });

  it('WID-33 defaults the type to text', () => {
    renderForm(<TextWidget source="name" label="Name" />);
    expect(screen.getByLabelText('Name')).toHaveAttribute('type', 'text');
  });

  it('WID-34 shows the invalid style and the message only once touched and in error', async () => {
    renderForm(<TextWidget source="name" label="Name" validate={minLength(3, 'Too short')} />, { name: 'a' });
    const input = screen.getByLabelText('Name *');
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText('Too short')).not.toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'ab' } });
    expect(await screen.findByText('Too short')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(input, { target: { value: 'abc' } });
    await waitFor(() => expect(screen.queryByText('Too short')).not.toBeInTheDocument());
  });

  it('WID-35 marks required fields and fields with validators with *', () => {
    renderForm(
      <>
        <TextWidget source="a" label="Plain" />
        <TextWidget source="b" label="Req" required />
        <TextWidget source="c" label="Valid" validate={[minLength(2)]} />
        <TextWidget source="d" label="Override" validate={[minLength(2)]} required={false} />
      </>,
    );
    expect(screen.getByLabelText('Plain')).toBeInTheDocument();
    expect(screen.getByLabelText('Req *')).toBeInTheDocument();
    expect(screen.getByLabelText('Valid *')).toBeInTheDocument();
    expect(screen.getByLabelText('Override')).toBeInTheDocument();
  });

  it('WID-36 typing marks the field touched (required error shows without blur)', async () => {
    renderForm(<TextWidget source="name" label="Name" validate={required()} />, { name: 'x' });
    fireEvent.change(screen.getByLabelText('Name *'), { target: { value: '' } });
    expect(await screen.findByText('Required')).toBeInTheDocument();
  });

  it('WID-35 required adds a required validator', async () => {
    const { onSubmit } = renderForm(<TextWidget source="name" label="Name" required />);
    fireEvent.click(screen.getByText('Submit'));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('text masks', () => {
  it('WID-47 ssn mask formats digits as 000-00-0000 and is stored as shown', async () => {
    const { submitted } = renderForm(<TextWidget source="ssn" label="SSN" mask="ssn" />);
    await userEvent.type(screen.getByLabelText('SSN'), '123456789');
    expect(screen.getByLabelText('SSN')).toHaveValue('123-45-6789');
    fireEvent.click(screen.getByText('Submit'));
    await waitFor(() => expect(submitted()).toMatchObject({ ssn: '123-45-6789' }));
  });

  it('WID-47 mac mask upper-cases hex pairs and rejects non-hex', async () => {
    renderForm(<TextWidget source="mac" label="MAC" mask="mac" />);
    await userEvent.type(screen.getByLabelText('MAC'), 'a1zb2c3d4e5f6');
    expect(screen.getByLabelText('MAC')).toHaveValue('A1:B2:C3:D4:E5:F6');
  });

  it('WID-47 vin mask keeps 17 characters without I, O, Q', async () => {
    renderForm(<TextWidget source="vin" label="VIN" mask="vin" />);
    await userEvent.type(screen.getByLabelText('VIN'), '1hgcm8263oqi3a0043521');
    expect(screen.getByLabelText('VIN')).toHaveValue('1HGCM82633A004352');
  });

  it('WID-47 date mask shapes YYYY-MM-DD and flags an impossible date', async () => {
    renderForm(<TextWidget source="d" label="Day" mask="date" />);
    await userEvent.type(screen.getByLabelText('Day'), '20261399');
    expect(screen.getByLabelText('Day')).toHaveValue('2026-13-99');
    expect(await screen.findByText('Must be a date YYYY-MM-DD')).toBeInTheDocument();
  });

  it('WID-47 ip mask accepts digits and dots only, validator checks the address', async () => {
    renderForm(<TextWidget source="ip" label="IP" mask="ip" />);
    await userEvent.type(screen.getByLabelText('IP'), '300.1a.1.1');
    expect(screen.getByLabelText('IP')).toHaveValue('300.1.1.1');
    expect(await screen.findByText('Must be an IP address')).toBeInTheDocument();
  });

  it('WID-47 email and url are validated', async () => {
    renderForm(
      <>
        <TextWidget source="e" label="Email" mask="email" />
        <TextWidget source="u" label="Site" mask="url" />
      </>,
    );
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nope' } });
    fireEvent.change(screen.getByLabelText('Site'), { target: { value: 'nope' } });
    expect(await screen.findByText('Must be a valid email')).toBeInTheDocument();
    expect(await screen.findByText('Must be a valid URL')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.co' } });
    await waitFor(() => expect(screen.queryByText('Must be a valid email')).not.toBeInTheDocument());
  });

  it("I18N-01 a mask error shows in the user's language", async () => {
    renderForm(<TextWidget source="e" label="Email" mask="email" />, {}, undefined, { inRussian: true });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nope' } });
    expect(await screen.findByText('Нужен правильный адрес электронной почты')).toBeInTheDocument();
    expect(screen.queryByText('Must be a valid email')).toBeNull();
  });
});
