import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Field } from '../../schemas/define';
import { fileContentUrl } from '../../dataProvider/files';
import { createHttpClient } from '../../dataProvider/httpClient';
import { fakeXhr, type FakeXhr } from '../../dataProvider/fakeXhr';
import { renderForm } from '../widgets/testUtils';
import { FileInput } from './FileInput';
import { FileCell, formatSize } from './renderers';

/** The file input and cell against a data provider whose fetch is a spy. */
const fileField = { type: 'file' } as unknown as Field;
const filesField = { type: 'files' } as unknown as Field;

/**
 * Downloads go through fetch, uploads (with progress) through XMLHttpRequest: both answer with
 * `answer`, or, for uploads, `upload` drives the request itself.
 */
function provider(answer: (init: RequestInit | undefined) => Response, upload?: (xhr: FakeXhr) => void) {
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => answer(init));
  const xhr = fakeXhr(
    upload ??
      ((request) => {
        const response = answer({ body: request.body as BodyInit });
        void response.text().then((text) => request.answer(response.status, JSON.parse(text)));
      }),
  );
  const httpClient = createHttpClient({ getToken: () => 'tok', fetch, XMLHttpRequest: xhr.asClass });
  return { fetch, sent: xhr.sent, dataProvider: { httpClient } as never };
}

const created = (files: Array<{ id: number; name: string; size: number }>) =>
  new Response(JSON.stringify(files.length === 1 ? { ...files[0], contentType: 'x' } : files), {
    status: 201,
    headers: { 'Content-Type': 'application/json' },
  });

const pick = (label: string, ...files: File[]) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { files } });

describe('file input', () => {
  it('files: the input uploads on pick, shows name and size, and puts { id } into the form value', async () => {
    const { sent, dataProvider } = provider(() => created([{ id: 7, name: 'scan.pdf', size: 2048 }]));
    const form = renderForm(<FileInput name="attachment" field={fileField} label="Attachment" />, {}, dataProvider);
    pick('Attachment', new File(['%PDF-1.4'], 'scan.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('scan.pdf')).toBeTruthy();
    expect(screen.getByText('2.0 KB')).toBeTruthy();
    const body = sent[0]!.body as FormData;
    expect(sent[0]!.headers.authorization).toBe('Bearer tok');
    expect((body.get('file') as File).name).toBe('scan.pdf');
    fireEvent.click(screen.getByText('Submit'));
    await waitFor(() => expect(form.submitted()).toEqual({ attachment: { id: 7 } }));
  });

  it('files: remove clears a file field to null; replace uploads a new one in its place', async () => {
    let next = 8;
    const { dataProvider } = provider(() => created([{ id: next++, name: 'new.png', size: 10 }]));
    const form = renderForm(
      <FileInput name="attachment" field={fileField} label="Attachment" />,
      { attachment: { id: 3, name: 'old.png', size: 5 } },
      dataProvider,
    );
    expect(screen.getByText('Replace file')).toBeTruthy();
    pick('Attachment', new File(['x'], 'new.png'));
    expect(await screen.findByText('new.png')).toBeTruthy();
    expect(screen.queryByText('old.png')).toBeNull();
    fireEvent.click(screen.getByText('Submit'));
    await waitFor(() => expect(form.submitted()).toEqual({ attachment: { id: 8 } }));
    fireEvent.click(screen.getByLabelText('Remove new.png'));
    fireEvent.click(screen.getByText('Submit'));
    await waitFor(() => expect(form.submitted()).toEqual({ attachment: null }));
  });

  it('files: a files input adds uploads to the list and removes one of them', async () => {
    const { dataProvider } = provider(() => created([{ id: 2, name: 'b.csv', size: 1 }]));
    const form = renderForm(
      <FileInput name="docs" field={filesField} label="Documents" />,
      { docs: [{ id: 1, name: 'a.pdf', size: 100 }] },
      dataProvider,
    );
    pick('Documents', new File(['x'], 'b.csv'));
    expect(await screen.findByText('b.csv')).toBeTruthy();
    fireEvent.click(screen.getByText('Submit'));
    await waitFor(() => expect(form.submitted()).toEqual({ docs: [{ id: 1 }, { id: 2 }] }));
    fireEvent.click(screen.getByLabelText('Remove a.pdf'));
    fireEvent.click(screen.getByText('Submit'));
    await waitFor(() => expect(form.submitted()).toEqual({ docs: [{ id: 2 }] }));
  });

  it("files: a refused upload shows the server's message and leaves the value as it was", async () => {
    const { dataProvider } = provider(
      () =>
        new Response(JSON.stringify({ message: 'The file "x.pdf" is named .pdf but its content is text' }), {
          status: 415,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const form = renderForm(<FileInput name="attachment" field={fileField} label="Attachment" />, {}, dataProvider);
    pick('Attachment', new File(['text'], 'x.pdf'));
    expect(await screen.findByText('The file "x.pdf" is named .pdf but its content is text')).toBeTruthy();
    fireEvent.click(screen.getByText('Submit'));
    await waitFor(() => expect(form.onSubmit).toHaveBeenCalled());
    expect(form.submitted()?.attachment ?? null).toBeNull();
  });
});

describe('upload progress', () => {
  it('files: an upload shows 50 % with a cancel while it runs, and the bar goes when it completes', async () => {
    let upload: FakeXhr | undefined;
    const { dataProvider } = provider(
      () => created([]),
      (xhr) => (upload = xhr),
    );
    const form = renderForm(<FileInput name="attachment" field={fileField} label="Attachment" />, {}, dataProvider);
    pick('Attachment', new File(['x'.repeat(200)], 'big.pdf'));
    const bar = await screen.findByRole('progressbar', { name: 'Uploading' });
    expect(screen.getByText('Choose file').closest('button')?.disabled).toBe(true);
    await waitFor(() => expect(upload).toBeDefined());
    act(() => upload!.progress(100, 200));
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    expect(screen.getByText('50 %')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    act(() => upload!.answer(201, { id: 9, name: 'big.pdf', contentType: 'x', size: 200 }));
    expect(await screen.findByText('big.pdf')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('Replace file').closest('button')?.disabled).toBe(false);
    fireEvent.click(screen.getByText('Submit'));
    await waitFor(() => expect(form.submitted()).toEqual({ attachment: { id: 9 } }));
  });

  it('files: cancel stops the upload, says so, and leaves the value as it was', async () => {
    let upload: FakeXhr | undefined;
    const { dataProvider } = provider(
      () => created([]),
      (xhr) => (upload = xhr),
    );
    const form = renderForm(
      <FileInput name="attachment" field={fileField} label="Attachment" />,
      { attachment: { id: 3, name: 'old.png', size: 5 } },
      dataProvider,
    );
    pick('Attachment', new File(['abc'], 'new.png'));
    await waitFor(() => expect(upload).toBeDefined());
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('The upload was cancelled')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    fireEvent.click(screen.getByText('Submit'));
    await waitFor(() => expect(form.submitted()).toEqual({ attachment: { id: 3, name: 'old.png', size: 5 } }));
  });
});

describe('file cell', () => {
  it('files: the cell shows the name as a link that downloads with the token, without opening the row', async () => {
    const { fetch, dataProvider } = provider(() => new Response('bytes', { status: 200 }));
    URL.createObjectURL ??= () => 'blob:x';
    URL.revokeObjectURL ??= () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const row = vi.fn();
    render(
      <AdminContext dataProvider={dataProvider}>
        <div onClick={row}>
          <FileCell value={{ id: 4, name: 'report.pdf', size: 10 }} />
        </div>
      </AdminContext>,
    );
    const link = screen.getByText('report.pdf');
    expect(link.closest('a')?.getAttribute('href')).toBe(fileContentUrl(4));
    fireEvent.click(link);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(fetch.mock.calls[0]![0]).toBe(fileContentUrl(4));
    expect(row).not.toHaveBeenCalled();
    click.mockRestore();
  });

  it('files: sizes read in B, KB and MB', () => {
    expect([formatSize(532), formatSize(12_700), formatSize(3_250_000), formatSize(undefined)]).toEqual([
      '532 B',
      '12.4 KB',
      '3.1 MB',
      '',
    ]);
  });
});
