import type { ActionContext } from '../../schemas/define';
import { fieldError } from '../../schemas/engagements/rules';
import type Decimal from 'decimal.js';
import { toMoney } from '../../schemas/money';

/**
 * The bespoke reads of a matter, declared as `GET` actions of `schemas/engagements/matters.ts`:
 * the balance of its fee (MAT-17) and whether its documents are in (MAT-22). The record arrives
 * as `GET /matters/{id}` reads it for the user, so both answer 404 for a matter the user cannot
 * see.
 */

/**
 * `GET /matters/{id}/balance?currencyCode&payerOfficeId` -> `{ matterBalance, currencyCode }`:
 * the part of the fee not invoiced yet, a number in the matter's currency. No invoice area
 * exists yet, so nothing is invoiced and the balance is the whole fee (0 without one).
 * `currencyCode` must be the matter's currency when it has one (400 otherwise: no conversion is
 * made); `payerOfficeId` names the paying office and is accepted for every office.
 */
export async function matterBalance({ row, input }: ActionContext): Promise<unknown> {
  const currency = (row?.currency ?? null) as { code?: string } | null;
  const code = currency?.code ?? null;
  const asked = typeof input.currencyCode === 'string' ? input.currencyCode.trim().toUpperCase() : '';
  if (asked && code && asked !== code.toUpperCase())
    throw fieldError('Matter.balance', 'currencyCode', input.currencyCode, `The matter's fee is in ${code}`);
  // Exact: the reply serializer writes the Decimal as a JSON number with every digit.
  const fee = toMoney((row?.amountFee ?? 0) as string | number | Decimal);
  return { matterBalance: fee.isFinite() ? fee : toMoney(0), currencyCode: code };
}

/**
 * `GET /matters/{id}/check-documents` -> `{ required, documents, complete }`: a matter needs at
 * least one document unless `notNeedDocumentUpload` is set; `documents` counts its files.
 */
export async function matterDocuments({ row }: ActionContext): Promise<unknown> {
  const required = row?.notNeedDocumentUpload !== true;
  const documents = Array.isArray(row?.documents) ? row.documents.length : 0;
  return { required, documents, complete: !required || documents > 0 };
}
