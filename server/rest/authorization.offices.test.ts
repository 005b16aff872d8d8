import { describe, expect, it } from 'vitest';
import { SUBJECTS } from '../test/accessMatrix';
import { matrixRoutes, runMatrixPart, setupMatrix } from '../test/authorizationMatrix';

/** The authorization matrix's requests for the routes of the offices part (server/test/authorizationMatrix.ts, MATRIX_PARTS). */
setupMatrix();

describe('authorization matrix: offices', () => {
  it('authorization matrix (offices): every route x method x subject, 0 unexpected allows and 0 unexpected denies', async () => {
    const requests = await runMatrixPart('offices');
    expect(requests).toBe(matrixRoutes().filter((r) => r.part === 'offices').length * SUBJECTS.length);
    expect(requests).toBeGreaterThan(0);
  }, 600_000);
});
