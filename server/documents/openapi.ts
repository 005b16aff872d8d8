import type { EntitySchema } from '../../schemas/define';

type Json = Record<string, unknown>;

/**
 * The OpenAPI path of a schema's documents (`DocumentsConfig`): `GET <path>/<segment>/{id}/{key}`
 * answering `{ document: { id, documentId, ... } }`.
 * @param path the collection's URL path (`/core/api/invoices`)
 * @param errors the document's error response (`{ $ref }`)
 */
export function documentPaths(schema: EntitySchema, path: string, tag: string, errors: Json): Json {
  const config = schema.documents;
  if (!config) return {};
  const key = config.keyParam ?? 'key';
  return {
    [`${path}/${config.path ?? 'template'}/{id}/{${key}}`]: {
      get: {
        tags: [tag],
        summary: `Render a document of the ${schema.entityName} from its office's template and store it`,
        description:
          `The key is a DOCUMENT_TYPE code (${config.documentTypes.join(', ')}) or its charCode. The DOCX is ` +
          'stored in the drive: GET /core/api/storedFiles/{documentId}/content downloads it.',
        operationId: `${schema.name}.document`,
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            schema: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
          },
          { name: key, in: 'path', required: true, schema: { type: 'string', minLength: 1, maxLength: 64 } },
        ],
        responses: {
          '200': {
            description: 'the stored document',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['document'],
                  properties: {
                    document: {
                      type: 'object',
                      required: ['id', 'documentId', 'documentName', 'contentType', 'size'],
                      properties: {
                        id: { type: 'integer', description: 'the generatedDocuments row' },
                        documentId: { type: 'integer', description: 'the stored file' },
                        documentName: { type: 'string' },
                        contentType: { type: 'string' },
                        size: { type: 'integer', description: 'bytes' },
                        documentType: {
                          type: 'object',
                          properties: { code: { type: 'integer' }, gname: { type: 'string' } },
                        },
                        template: { type: 'object', properties: { id: { type: 'integer' } } },
                        collection: { type: 'string' },
                        ownerId: { type: 'integer' },
                      },
                    },
                  },
                },
              },
            },
          },
          '401': errors,
          '403': errors,
          '404': errors,
          '422': errors,
          '503': errors,
        },
      },
    },
  };
}
