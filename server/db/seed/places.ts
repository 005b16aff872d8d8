/**
 * Country facts the demo data draws on: cities, phone formats (`#` = a digit), web domains, VAT
 * rates (fractions), banks (name, local name, BIC) and the business forms (BUSINESS_FORM codes:
 * 1 LLP, 2 JSC, 3 LLC, 4 sole proprietor, 5 public company, 6 non-profit) usual there.
 */
export interface Place {
  alpha2: string;
  /** Share of the firm's clients from this country. */
  weight: number;
  cities: readonly string[];
  phone: string;
  tld: string;
  vat: number;
  /** Account number pattern (`#` = a digit). */
  account: string;
  banks: ReadonlyArray<readonly [gname: string, lname: string | null, bic: string]>;
  forms: readonly number[];
  /** Names are Russian-speaking (local names in Cyrillic, global ones transliterated). */
  cyrillic?: boolean;
}

// prettier-ignore
export const PLACES: readonly Place[] = [
  {
    alpha2: 'KZ', weight: 40, cyrillic: true, cities: ['Almaty', 'Astana', 'Shymkent', 'Karaganda', 'Atyrau', 'Aktobe', 'Aktau', 'Pavlodar', 'Ust-Kamenogorsk'],
    phone: '+7 7## ### ## ##', tld: 'kz', vat: 0.12, account: 'KZ##############', forms: [1, 1, 1, 2, 2, 4, 6],
    banks: [['Halyk Bank', 'АО «Народный Банк Казахстана»', 'HSBKKZKX'], ['Kaspi Bank', 'АО «Kaspi Bank»', 'CASPKZKA'], ['ForteBank', 'АО «ForteBank»', 'IRTYKZKA'], ['Bank CenterCredit', 'АО «Банк ЦентрКредит»', 'KCJBKZKX'], ['Jusan Bank', 'АО «First Heartland Jusan Bank»', 'TSESKZKA']],
  },
  {
    alpha2: 'UZ', weight: 10, cyrillic: true, cities: ['Tashkent', 'Samarkand', 'Bukhara', 'Namangan', 'Andijan'],
    phone: '+998 9# ### ## ##', tld: 'uz', vat: 0.12, account: '2020####################', forms: [3, 3, 2, 4],
    banks: [['National Bank of Uzbekistan', 'АКБ «Национальный банк Узбекистана»', 'NBFAUZ2X'], ['Kapitalbank', 'АКБ «Капиталбанк»', 'KACHUZ22'], ['Ipoteka Bank', 'АКИБ «Ипотека-банк»', 'UJSIUZ22']],
  },
  {
    alpha2: 'RU', weight: 6, cyrillic: true, cities: ['Moscow', 'Saint Petersburg', 'Kazan', 'Yekaterinburg', 'Novosibirsk'],
    phone: '+7 9## ### ## ##', tld: 'ru', vat: 0.2, account: '40702810##############', forms: [3, 3, 2, 5],
    banks: [['Alfa-Bank', 'АО «Альфа-Банк»', 'ALFARUMM'], ['Raiffeisenbank', 'АО «Райффайзенбанк»', 'RZBMRUMM']],
  },
  {
    alpha2: 'GB', weight: 8, cities: ['London', 'Manchester', 'Edinburgh', 'Birmingham', 'Leeds'],
    phone: '+44 7### ######', tld: 'co.uk', vat: 0.2, account: 'GB##BARC########', forms: [3, 5, 1],
    banks: [['Barclays', null, 'BARCGB22'], ['HSBC UK', null, 'HBUKGB4B'], ['Lloyds Bank', null, 'LOYDGB2L']],
  },
  {
    alpha2: 'AE', weight: 6, cities: ['Dubai', 'Abu Dhabi', 'Sharjah'],
    phone: '+971 5# ### ####', tld: 'ae', vat: 0.2, account: 'AE#####################', forms: [3, 5],
    banks: [['Emirates NBD', null, 'EBILAEAD'], ['First Abu Dhabi Bank', null, 'NBADAEAA']],
  },
  {
    alpha2: 'DE', weight: 6, cities: ['Frankfurt am Main', 'Berlin', 'Munich', 'Hamburg', 'Dusseldorf'],
    phone: '+49 1## #######', tld: 'de', vat: 0.2, account: 'DE####################', forms: [3, 5, 2],
    banks: [['Deutsche Bank', null, 'DEUTDEFF'], ['Commerzbank', null, 'COBADEFF']],
  },
  {
    alpha2: 'TR', weight: 6, cities: ['Istanbul', 'Ankara', 'Izmir', 'Bursa'],
    phone: '+90 5## ### ## ##', tld: 'com.tr', vat: 0.2, account: 'TR########################', forms: [2, 3, 5],
    banks: [['Garanti BBVA', null, 'TGBATRIS'], ['Akbank', null, 'AKBKTRIS']],
  },
  {
    alpha2: 'US', weight: 5, cities: ['New York', 'Houston', 'San Francisco', 'Chicago', 'Washington'],
    phone: '+1 ### ### ####', tld: 'com', vat: 0.2, account: '############', forms: [3, 5, 6],
    banks: [['JPMorgan Chase', null, 'CHASUS33'], ['Citibank', null, 'CITIUS33']],
  },
  {
    alpha2: 'CN', weight: 4, cities: ['Beijing', 'Shanghai', 'Shenzhen', 'Urumqi'],
    phone: '+86 1## #### ####', tld: 'cn', vat: 0.12, account: '################', forms: [3, 5],
    banks: [['Bank of China', null, 'BKCHCNBJ'], ['Industrial and Commercial Bank of China', null, 'ICBKCNBJ']],
  },
  {
    alpha2: 'NL', weight: 3, cities: ['Amsterdam', 'Rotterdam', 'The Hague'],
    phone: '+31 6 ########', tld: 'nl', vat: 0.2, account: 'NL##INGB##########', forms: [3, 5],
    banks: [['ING Bank', null, 'INGBNL2A'], ['ABN AMRO', null, 'ABNANL2A']],
  },
  {
    alpha2: 'KG', weight: 2, cyrillic: true, cities: ['Bishkek', 'Osh'],
    phone: '+996 5## ### ###', tld: 'kg', vat: 0.12, account: '1280############', forms: [3, 2],
    banks: [['Optima Bank', 'ОАО «Оптима Банк»', 'ENEJKG22'], ['Demir Bank', 'ЗАО «Демир Кыргыз Интернэшнл Банк»', 'DEMIKG22']],
  },
  {
    alpha2: 'AZ', weight: 2, cities: ['Baku', 'Ganja'],
    phone: '+994 5# ### ## ##', tld: 'az', vat: 0.2, account: 'AZ##IBAZ####################', forms: [3, 2],
    banks: [['International Bank of Azerbaijan', null, 'IBAZAZ2X'], ['Kapital Bank', null, 'AIIBAZ2X']],
  },
  {
    alpha2: 'CH', weight: 2, cities: ['Geneva', 'Zurich', 'Zug'],
    phone: '+41 7# ### ## ##', tld: 'ch', vat: 0.2, account: 'CH###################', forms: [2, 3],
    banks: [['UBS', null, 'UBSWCHZH'], ['Julius Baer', null, 'BAERCHZZ']],
  },
];

/** The place of an alpha-2 code. @throws for a country the demo data does not describe. */
export function place(alpha2: string): Place {
  const p = PLACES.find((x) => x.alpha2 === alpha2);
  if (!p) throw new Error(`seed: no place ${alpha2}`);
  return p;
}
