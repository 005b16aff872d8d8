import { defineDictionary } from '../dictionary';

/** Dictionary types of the area: The monthly cashbox (profit sharing) and funds. Codes are fixed: data and tests refer to them. */

export const incomeDistributionType = defineDictionary({
  name: 'INCOME_DISTRIBUTION_TYPE',
  code: 30,
  label: 'Income distribution type',
  entries: [
    { code: 1, gname: 'Office' },
    { code: 2, gname: 'Fund' },
    { code: 3, gname: 'Transfer' },
  ],
});

export const fundType = defineDictionary({
  name: 'FUND_TYPE',
  code: 31,
  label: 'Fund type',
  entries: [
    { code: 1, gname: 'Sector' },
    { code: 2, gname: 'Office' },
    { code: 3, gname: 'BD' },
  ],
});

export const fundScheme = defineDictionary({
  name: 'FUND_SCHEME',
  code: 32,
  label: 'Fund scheme',
  entries: [
    { code: 1, gname: 'Scheme 1' },
    { code: 2, gname: 'Scheme 2' },
    { code: 3, gname: 'Scheme 3' },
    { code: 4, gname: 'Scheme 4' },
    { code: 5, gname: 'Scheme 5' },
    { code: 6, gname: 'Scheme 6' },
  ],
});

export const positionFundType = defineDictionary({
  name: 'POSITION_FUND_TYPE',
  code: 33,
  label: 'Position fund type',
  entries: [
    { code: 1, gname: 'Partner fund' },
    { code: 2, gname: 'Office fund' },
  ],
});

export const cashboxVersion = defineDictionary({
  name: 'CASHBOX_VERSION',
  code: 38,
  label: 'Cashbox version',
  entries: [
    { code: 1, gname: 'Version 1' },
    { code: 2, gname: 'Version 2' },
    { code: 3, gname: 'Version 3' },
  ],
});

export const transferType = defineDictionary({
  name: 'TRANSFER_TYPE',
  code: 39,
  label: 'Transfer type',
  entries: [
    { code: 1, gname: 'Direct' },
    { code: 2, gname: 'Fund' },
  ],
});

export const cashboxIncomeCategory = defineDictionary({
  name: 'CASHBOX_INCOME_CATEGORY',
  code: 40,
  label: 'Cashbox income category',
  entries: [
    { code: 1, gname: 'Income' },
    { code: 2, gname: 'Personal Budget' },
    { code: 3, gname: 'Paid Expense' },
    { code: 4, gname: 'Non Cash Not Prepaid Expense' },
    { code: 5, gname: 'Cash Budget' },
    { code: 6, gname: 'Cash Prepaid Expense' },
    { code: 7, gname: 'Transfer Amount' },
  ],
});

/** This area's dictionary types, registered in schemas/dictionaryTypes.ts. */
export const cashboxDictionaries = [
  incomeDistributionType,
  fundType,
  fundScheme,
  positionFundType,
  cashboxVersion,
  transferType,
  cashboxIncomeCategory,
] as const;
