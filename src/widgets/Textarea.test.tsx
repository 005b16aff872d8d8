import { fireEvent, screen, waitFor } from '@testing-library/react';
import { required } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { limitMessage, TextareaWidget } from './Textarea';
import { renderForm } from './testUtils';

const box = (label: string) => screen.getByLabelText(label) as HTMLTextAreaElement;

describe('TextareaWidget', () => {
  it('WID-37 takes label, placeholder, disabled, minHeight, rows, maxLength and onlyBox', () => {
    renderForm(
      <>
        <TextareaWidget
          source="a"
          label="Notes"
          placeholder="Type here"
          disabled
          minHeight={80}
          rows={3}
          maxLength={20}
        />
        <TextareaWidget source="b" label="Hidden label" onlyBox />
      </>,
    );
    const a = box('Notes');
    expect(a).toHaveAttribute('placeholder', 'Type here');
    expect(a).toBeDisabled();
    expect(a.style.minHeight).toBe('80px');
    expect(a).toHaveAttribute('rows', '3');
    expect(a).toHaveAttribute('maxlength', '20');
    expect(screen.queryByLabelText('Hidden label')).not.toBeInTheDocument();
  });

  it('WID-38 minHeight defaults to 55px', () => {
    renderForm(<TextareaWidget source="a" label="Notes" />);
    expect(box('Notes').style.minHeight).toBe('55px');
  });

  it('WID-39 rows default to 1', () => {
    renderForm(<TextareaWidget source="a" label="Notes" />);
    expect(box('Notes')).toHaveAttribute('rows', '1');
  });

  it('WID-40 maxLength defaults to 1000', () => {
    renderForm(<TextareaWidget source="a" label="Notes" />);
    expect(box('Notes')).toHaveAttribute('maxlength', '1000');
  });

  it('WID-41 showMaxLengthInfo defaults to true and can be turned off', () => {
    const { unmount } = renderForm(<TextareaWidget source="a" label="Notes" />, { a: 'abc' });
    expect(screen.getByTestId('textarea-counter')).toHaveTextContent('3/1000');
    unmount();
    renderForm(<TextareaWidget source="a" label="Notes" showMaxLengthInfo={false} />, { a: 'abc' });
    expect(screen.queryByTestId('textarea-counter')).not.toBeInTheDocument();
  });

  it('WID-42 is invalid after touch when a validator fails', async () => {
    renderForm(<TextareaWidget source="a" label="Notes" validate={required()} />, { a: 'x' });
    expect(box('Notes *')).toHaveAttribute('aria-invalid', 'false');
    fireEvent.change(box('Notes *'), { target: { value: '' } });
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(box('Notes *')).toHaveAttribute('aria-invalid', 'true');
  });

  it('WID-43 is invalid when the length reaches maxLength, even untouched', () => {
    renderForm(<TextareaWidget source="a" label="Notes" maxLength={5} />, { a: '12345' });
    expect(box('Notes')).toHaveAttribute('aria-invalid', 'true');
  });

  it('WID-44 sets the native maxlength attribute', () => {
    renderForm(<TextareaWidget source="a" label="Notes" maxLength={415} />);
    expect(box('Notes')).toHaveAttribute('maxlength', '415');
  });

  it('WID-45 shows the counter length/maxLength as the user types', async () => {
    renderForm(<TextareaWidget source="a" label="Notes" maxLength={50} />);
    fireEvent.change(box('Notes'), { target: { value: 'hello' } });
    await waitFor(() => expect(screen.getByTestId('textarea-counter')).toHaveTextContent('5/50'));
  });

  it('WID-46 shows the limit message at maxLength with the real limit', async () => {
    renderForm(<TextareaWidget source="a" label="Short description" maxLength={415} />);
    expect(screen.queryByText(limitMessage(415))).not.toBeInTheDocument();
    fireEvent.change(box('Short description'), { target: { value: 'x'.repeat(415) } });
    expect(
      await screen.findByText(
        'Short description is limited to 415 characters. Please rephrase your text to fit that limit.',
      ),
    ).toBeInTheDocument();
    expect(limitMessage(1000)).toContain('limited to 1000 characters');
  });
});
