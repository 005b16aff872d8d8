import { describe, expect, it } from 'vitest';
import { SUBJECTS } from '../test/accessMatrix';
import { matrixRoutes, runMatrixPart, setupMatrix } from '../test/authorizationMatrix';

/** The authorization matrix's requests for the routes of the crm part (server/test/authorizationMatrix.ts, MATRIX_PARTS). */
setupMatrix();

describe('authorization matrix: crm', () => {
  it('authorization matrix (crm): every route x method x subject, 0 unexpected allows and 0 unexpected denies', async () => {
    const requests = await runMatrixPart('crm');
    expect(requests).toBe(matrixRoutes().filter((r) => r.part === 'crm').length * SUBJECTS.length);
    expect(requests).toBeGreaterThan(0);
  }, 600_000);
});
