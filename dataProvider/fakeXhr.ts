/**
 * A stand-in for the browser's XMLHttpRequest in tests of uploads (`onUploadProgress` requests
 * go through it): each instance records what was sent; the test drives the upload's progress
 * events and the answer, or lets `onSend` do it.
 *
 * @example
 * const Xhr = fakeXhr((xhr) => xhr.answer(201, { id: 1 }));
 * const http = createHttpClient({ getToken: () => 't', XMLHttpRequest: Xhr.asClass });
 * // ... Xhr.sent[0].body is the FormData
 */
export class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  withCredentials = false;
  responseType = '';
  status = 0;
  statusText = '';
  response: ArrayBuffer | null = null;
  private answerHeaders = '';
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  getAllResponseHeaders() {
    return this.answerHeaders;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  /** Reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true });
  }
  /** Answers `status` with `body` as JSON. */
  answer(status: number, body: unknown) {
    this.status = status;
    this.answerHeaders = 'Content-Type: application/json\r\nX-Trace: a:b\r\n';
    this.response = new TextEncoder().encode(JSON.stringify(body)).buffer;
    this.onload?.();
  }
  /** Fails as a network error does. */
  fail() {
    this.onerror?.();
  }
}

/** A FakeXhr class whose instances are listed in `sent` and handed to `onSend` when sent. */
export function fakeXhr(onSend?: (xhr: FakeXhr) => void) {
  const sent: FakeXhr[] = [];
  class Recorded extends FakeXhr {
    override send(body: unknown) {
      super.send(body);
      sent.push(this);
      onSend?.(this);
    }
  }
  return { sent, asClass: Recorded as unknown as typeof XMLHttpRequest };
}
