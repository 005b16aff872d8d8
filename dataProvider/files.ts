import type { HttpClient, UploadProgress } from './httpClient';

/**
 * Uploads and downloads of stored files (docs/api.md "Files"), over the data provider's
 * `httpClient` so the bearer token, its refresh and the error handling are the same as for
 * every other call.
 */

/** A stored file as the API answers an upload and reads a `file` field. */
export interface StoredFile {
  id: number;
  name: string;
  contentType: string;
  /** Bytes. */
  size: number;
}

/** The upload's address under the main API base (default `/core/api`). */
export const storedFilesUrl = (apiUrl = '/core/api'): string => `${apiUrl.replace(/\/$/, '')}/storedFiles`;

/** The download address of a stored file. */
export const fileContentUrl = (id: number | string, apiUrl = '/core/api'): string =>
  `${storedFilesUrl(apiUrl)}/${encodeURIComponent(String(id))}/content`;

/**
 * Uploads files in one multipart request (one part named `file` per file) and returns what was
 * stored, in order. The server decides each type from the bytes. With `onProgress` the bytes sent
 * are reported as they go (the request then runs over XMLHttpRequest); `signal` cancels it.
 *
 * @example
 * const [stored] = await uploadFiles(dataProvider.httpClient, [file], {
 *   onProgress: ({ loaded, total }) => setPercent(total ? (100 * loaded) / total : 0),
 * });
 * form.setValue('attachment', { id: stored.id });
 * @throws ra-core HttpError: 413 over the size or count limit, 415 when the bytes contradict the
 *   type or extension, 401/403 as any call; a `DOMException` named `AbortError` when cancelled
 */
export async function uploadFiles(
  httpClient: HttpClient,
  files: readonly File[],
  options: { apiUrl?: string; signal?: AbortSignal; onProgress?: (progress: UploadProgress) => void } = {},
): Promise<StoredFile[]> {
  if (files.length === 0) return [];
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  const { json } = await httpClient<StoredFile | StoredFile[]>(storedFilesUrl(options.apiUrl), {
    method: 'POST',
    body: form,
    signal: options.signal,
    ...(options.onProgress ? { onUploadProgress: options.onProgress } : {}),
  });
  return Array.isArray(json) ? json : [json];
}

/**
 * Downloads a stored file with the signed-in user's token and hands it to the browser as a
 * download named `name` (a plain link would carry no token).
 * @throws ra-core HttpError 404 when the file is not the user's to read
 */
export async function downloadFile(
  httpClient: HttpClient,
  file: { id: number | string; name?: string },
  apiUrl?: string,
): Promise<void> {
  const { blob } = await httpClient(fileContentUrl(file.id, apiUrl), { responseType: 'blob' });
  const url = URL.createObjectURL(blob!);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = file.name ?? `file-${file.id}`;
    document.body.appendChild(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
