/**
 * The part of tar-stream 2.x (no bundled types, no @types package installed) that
 * server/db/backup.ts uses: writing entries of known size, and reading entries one by one.
 */
declare module 'tar-stream' {
  import type { Readable, Writable } from 'node:stream';

  export interface Headers {
    name: string;
    size?: number;
    mode?: number;
    mtime?: Date;
    type?: 'file' | 'directory' | string;
  }

  export interface Pack extends Readable {
    entry(headers: Headers, callback?: (error?: Error | null) => void): Writable;
    entry(headers: Headers, buffer: string | Buffer, callback?: (error?: Error | null) => void): Writable;
    finalize(): void;
  }

  export interface Extract extends Writable {
    on(event: 'entry', listener: (headers: Headers, stream: Readable, next: (error?: unknown) => void) => void): this;
    on(event: string | symbol, listener: (...args: unknown[]) => void): this;
  }

  export function pack(): Pack;
  export function extract(): Extract;
}
