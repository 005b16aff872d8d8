import { describe, expect, it, vi } from 'vitest';
import { HttpError } from 'ra-core';
import { createHttpClient, type UploadProgress } from './httpClient';
import { uploadFiles } from './files';
import { fakeXhr } from './fakeXhr';

const client = (extra: Partial<Parameters<typeof createHttpClient>[0]> = {}) => {
  const xhr = fakeXhr();
  const fetch = vi.fn();
  const http = createHttpClient({ getToken: () => 'tok-3', fetch, XMLHttpRequest: xhr.asClass, ...extra });
  return { http, fetch, sent: xhr.sent };
};

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('upload progress over XMLHttpRequest', () => {
  it('files: an upload with onProgress reports 50% then completes with the stored files, token and XSRF as fetch', async () => {
    const { http, fetch, sent } = client();
    const seen: UploadProgress[] = [];
    const file = new File(['abcd'], 'a.pdf', { type: 'application/pdf' });
    const done = uploadFiles(http, [file], { onProgress: (p) => seen.push(p) });
    await tick();
    const xhr = sent[0]!;
    expect(fetch).not.toHaveBeenCalled();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/core/api/storedFiles');
    expect(xhr.headers.authorization).toBe('Bearer tok-3');
    expect(xhr.headers['content-type']).toBeUndefined();
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(File);
    xhr.progress(50, 100);
    xhr.progress(100, 100);
    xhr.answer(201, { id: 4, name: 'a.pdf', contentType: 'application/pdf', size: 4 });
    await expect(done).resolves.toEqual([{ id: 4, name: 'a.pdf', contentType: 'application/pdf', size: 4 }]);
    expect(seen).toEqual([
      { loaded: 50, total: 100 },
      { loaded: 100, total: 100 },
    ]);
  });

  it('files: a refused upload rejects with the server message as an HttpError, as over fetch', async () => {
    const { http, sent } = client();
    const done = uploadFiles(http, [new File(['x'], 'big.pdf')], { onProgress: () => undefined });
    await tick();
    sent[0]!.answer(413, { message: 'The file "big.pdf" is larger than the limit of 20 MB' });
    const error = (await done.catch((e: unknown) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(413);
    expect(error.message).toBe('The file "big.pdf" is larger than the limit of 20 MB');
  });

  it('files: aborting the signal cancels the upload with an AbortError', async () => {
    const { http, sent } = client();
    const controller = new AbortController();
    const done = uploadFiles(http, [new File(['x'], 'a.txt')], {
      signal: controller.signal,
      onProgress: () => undefined,
    });
    await tick();
    expect(sent).toHaveLength(1);
    controller.abort();
    const error = (await done.catch((e: unknown) => e)) as DOMException;
    expect(error.name).toBe('AbortError');
  });

  it('AUTH-19 an upload answered 401 refreshes the token once and is sent again with the new one', async () => {
    const { http, sent } = client({ getToken: () => 'old', refreshToken: async () => 'new' });
    const done = http('/core/api/storedFiles', {
      method: 'POST',
      body: new FormData(),
      onUploadProgress: () => undefined,
    });
    await tick();
    sent[0]!.answer(401, { message: 'expired' });
    await tick();
    await tick();
    const retry = sent[1]!;
    expect(retry.headers.authorization).toBe('Bearer new');
    retry.answer(201, { id: 1 });
    const answer = await done;
    expect(answer.json).toEqual({ id: 1 });
    expect(answer.headers.get('X-Trace')).toBe('a:b');
  });

  it('a network failure rejects with a TypeError', async () => {
    const { http, sent } = client();
    const done = http('/core/api/storedFiles', {
      method: 'POST',
      body: new FormData(),
      onUploadProgress: () => undefined,
    });
    await tick();
    sent[0]!.fail();
    await expect(done).rejects.toBeInstanceOf(TypeError);
  });
});
