/** The money check's route (`GET /core/api/moneyCheck`, `./routes.ts`). */
export const MONEY_CHECK_PATH = '/core/api/moneyCheck';

/**
 * The OpenAPI path of the money check (added by `server/openapi/document.ts`): admins only, reads
 * only, answers `{ problems: MoneyProblem[], checked: { <invariant>: number } }`.
 * @param errors the document's error response (`{ $ref }`)
 */
export function moneyCheckPaths(errors: Record<string, unknown>): Record<string, unknown> {
  return {
    [MONEY_CHECK_PATH]: {
      get: {
        tags: ['Billing controls'],
        summary: 'Scan the database for broken money invariants (administrators only)',
        description:
          'Runs the money check (issue 30 item 8): document totals, balances, items billed once and by the rule, ' +
          'locked documents and status moves against their history, total endpoints per currency. Reads only. ' +
          '403 for anyone but an administrator.',
        operationId: 'moneyCheck',
        responses: {
          '200': {
            description: 'every problem found (none: an empty list) and how many records each invariant checked',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['problems', 'checked'],
                  properties: {
                    problems: {
                      type: 'array',
                      items: {
                        type: 'object',
                        required: ['invariant', 'collection', 'id', 'message'],
                        properties: {
                          invariant: { type: 'string' },
                          collection: { type: 'string' },
                          id: { type: 'integer', description: '0 for a problem of a whole collection' },
                          message: { type: 'string' },
                          details: { type: 'object' },
                        },
                      },
                    },
                    checked: { type: 'object', additionalProperties: { type: 'integer' } },
                  },
                },
              },
            },
          },
          '401': errors,
          '403': errors,
        },
      },
    },
  };
}
