import { describe, expect, it } from 'vitest';
import { SUBJECTS } from '../test/accessMatrix';
import { matrixRoutes, runMatrixPart, setupMatrix } from '../test/authorizationMatrix';

/** The authorization matrix's requests for the routes of the engagements part (server/test/authorizationMatrix.ts, MATRIX_PARTS). */
setupMatrix();

describe('authorization matrix: engagements', () => {
  it('authorization matrix (engagements): every route x method x subject, 0 unexpected allows and 0 unexpected denies', async () => {
    const requests = await runMatrixPart('engagements');
    expect(requests).toBe(matrixRoutes().filter((r) => r.part === 'engagements').length * SUBJECTS.length);
    expect(requests).toBeGreaterThan(0);
  }, 600_000);
});
