import { f } from '../define';

/**
 * The bank account of an office account and of a transit account (OFF-08, OFF-14): a value
 * object stored in one `jsonb` column (`f.embedded`). `billing` marks the account invoices show
 * to clients; `billingCountry` is a COUNTRY dictionary entry written `{ id }`.
 */
export const officeBankAccount = {
  gbankName: f.text({ label: 'Bank name' }),
  lbankName: f.text({ label: 'Local bank name' }),
  prefix: f.text({ label: 'Prefix', maxLength: 32 }),
  billingCountry: f.dictionary('COUNTRY', { label: 'Bank country' }),
  billingCity: f.text({ label: 'Bank city' }),
  code: f.text({ label: 'Code', maxLength: 64 }),
  number: f.text({ label: 'Account number', maxLength: 64 }),
  inn: f.text({ label: 'INN', maxLength: 32 }),
  bin: f.text({ label: 'BIN', maxLength: 32 }),
  kpp: f.text({ label: 'KPP', maxLength: 32 }),
  swiftCode: f.text({ label: 'SWIFT', maxLength: 16 }),
  currentAccount: f.text({ label: 'Current account', maxLength: 64 }),
  billing: f.boolean({ label: 'Used for billing' }),
  gbillFirmName: f.text({ label: 'Beneficiary' }),
  lbillFirmName: f.text({ label: 'Local beneficiary' }),
  gbillAddress: f.text({ label: 'Beneficiary address' }),
  lbillAddress: f.text({ label: 'Local beneficiary address' }),
};
