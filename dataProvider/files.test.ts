import { describe, expect, it, vi } from 'vitest';
import { downloadFile, fileContentUrl, uploadFiles } from './files';
import { createHttpClient } from './httpClient';

/** The upload sends multipart with the token; answers of one and several files read as a list. */
const client = (answer: () => Response) => {
  const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => answer());
  return { fetch, http: createHttpClient({ getToken: () => 'tok-9', fetch }) };
};

const json = (body: unknown, status = 201) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('uploadFiles', () => {
  it('files: uploadFiles sends one multipart part named "file" per file, with the bearer token and no JSON type', async () => {
    const { fetch, http } = client(() =>
      json([
        { id: 1, name: 'a.png', contentType: 'image/png', size: 3 },
        { id: 2, name: 'b.csv', contentType: 'text/csv', size: 4 },
      ]),
    );
    const files = [
      new File(['abc'], 'a.png', { type: 'image/png' }),
      new File(['x;y\n'], 'b.csv', { type: 'text/csv' }),
    ];
    const stored = await uploadFiles(http, files);
    expect(stored.map((f) => f.id)).toEqual([1, 2]);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/core/api/storedFiles');
    expect(init?.method).toBe('POST');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer tok-9');
    expect(headers.get('Content-Type')).toBeNull();
    const form = init?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    const parts = form.getAll('file') as File[];
    expect(parts.map((p) => p.name)).toEqual(['a.png', 'b.csv']);
    expect(await parts[1]!.text()).toBe('x;y\n');
  });

  it('files: uploadFiles reads the answer of a single file as a list of one', async () => {
    const { http } = client(() => json({ id: 7, name: 'a.pdf', contentType: 'application/pdf', size: 10 }));
    expect(await uploadFiles(http, [new File(['%PDF'], 'a.pdf')])).toEqual([
      { id: 7, name: 'a.pdf', contentType: 'application/pdf', size: 10 },
    ]);
  });

  it("files: uploadFiles rejects with the server's 413/415 message and sends nothing for no files", async () => {
    const { fetch, http } = client(() =>
      json({ message: 'The file "big.bin" is larger than the limit of 20 MB' }, 413),
    );
    await expect(uploadFiles(http, [new File(['x'], 'big.bin')])).rejects.toMatchObject({
      status: 413,
      message: 'The file "big.bin" is larger than the limit of 20 MB',
    });
    fetch.mockClear();
    expect(await uploadFiles(http, [])).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('files: downloadFile fetches the content with the token and saves it under the stored name', async () => {
    const { fetch, http } = client(() => new Response('bytes', { status: 200 }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    URL.createObjectURL ??= () => 'blob:x';
    URL.revokeObjectURL ??= () => undefined;
    await downloadFile(http, { id: 5, name: 'report.pdf' });
    expect(fetch.mock.calls[0]![0]).toBe(fileContentUrl(5));
    expect(fileContentUrl(5)).toBe('/core/api/storedFiles/5/content');
    expect(new Headers(fetch.mock.calls[0]![1]?.headers).get('Authorization')).toBe('Bearer tok-9');
    expect(clicked).toEqual(['report.pdf']);
    click.mockRestore();
  });
});
