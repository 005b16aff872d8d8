import { storedFiles } from '../../schemas/index';
import { collectionPath } from '../rest/values';

type Json = Record<string, unknown>;

const errors = { $ref: '#/components/responses/Error' };
const uploaded: Json = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    contentType: { type: 'string' },
    size: { type: 'integer', description: 'bytes' },
  },
  required: ['id', 'name', 'contentType', 'size'],
};

/**
 * The OpenAPI operations of the file routes (`server/files/routes.ts`) that the generic document
 * does not describe: the multipart upload and the download of the bytes.
 */
export function storedFilesOperations(): { upload: Json; contentPath: string; content: Json } {
  const tag = storedFiles.label;
  const id = {
    name: 'id',
    in: 'path',
    required: true,
    schema: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
  };
  return {
    upload: {
      tags: [tag],
      summary: 'Upload one or more files (parts named "file"); the type is sniffed from the bytes',
      requestBody: {
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: { file: { type: 'array', items: { type: 'string', format: 'binary' } } },
              required: ['file'],
            },
          },
        },
      },
      responses: {
        '201': {
          description: 'the stored file, or a list of them for several parts',
          content: { 'application/json': { schema: { oneOf: [uploaded, { type: 'array', items: uploaded }] } } },
        },
        '400': errors,
        '401': errors,
        '413': errors,
        '415': errors,
        '503': errors,
      },
    },
    contentPath: `${collectionPath(storedFiles)}/{id}/content`,
    content: {
      get: {
        tags: [tag],
        summary: 'Download the bytes as an attachment (nosniff, ETag = SHA-256)',
        parameters: [id],
        responses: {
          '200': {
            headers: {
              'Content-Disposition': { schema: { type: 'string' } },
              ETag: { schema: { type: 'string' } },
            },
            content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
          },
          '304': { description: 'not modified (If-None-Match)' },
          '401': errors,
          '404': errors,
          '503': errors,
        },
      },
    },
  };
}
