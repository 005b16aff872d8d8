import type { WireRecord } from '../define';

/**
 * Which transfer targets a position fund's scheme uses (EMP-24..27): schemes 1, 2 and 6 transfer
 * to an office, 2 and 6 also to one of its departments, 3 to another position; the other schemes
 * transfer nowhere. Keyed by target field, the value is the scheme codes that use it.
 */
export const TRANSFER_TARGETS = {
  transferOffice: [1, 2, 6],
  transferDepartment: [2, 6],
  transferPosition: [3],
} as const;

export type TransferTarget = keyof typeof TRANSFER_TARGETS;

/** The scheme code of a fund record (`scheme: { id, code }` as the form and the server hold it). */
export const schemeCode = (record: WireRecord): number | undefined => {
  const scheme = record.scheme;
  const code = scheme && typeof scheme === 'object' ? (scheme as { code?: unknown }).code : undefined;
  return code === null || code === undefined || code === '' ? undefined : Number(code);
};

/**
 * Whether the fund record's scheme uses `target`: the field's `sendWhen`, so the form shows the
 * input only then and the server stores null otherwise.
 * @example usesTarget('transferOffice')({ scheme: { id: 7, code: 2 } }) // true
 */
export const usesTarget =
  (target: TransferTarget) =>
  (record: WireRecord): boolean => {
    const code = schemeCode(record);
    return code !== undefined && (TRANSFER_TARGETS[target] as readonly number[]).includes(code);
  };
