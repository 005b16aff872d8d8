import { offices } from '../../../schemas/index';
import type { Reference } from './reference';
import { auditDates, daysAgo, isoDate, type Rng } from './random';
import { place } from './places';
import { insertRows, syncIdSequence, type SeedRow, type Tx } from './sql';

/** One office of the firm (OFFICE_TYPE codes: 1 head office, 2 branch, 3 representative office). */
interface OfficeSeed {
  city: string;
  lcity?: string;
  alpha2: string;
  currency: string;
  type: number;
  gname: string;
  lname?: string;
  address: string;
  laddress?: string;
  zip: string;
}

// prettier-ignore
const OFFICES: readonly OfficeSeed[] = [
  { city: 'Almaty', lcity: 'Алматы', alpha2: 'KZ', currency: 'KZT', type: 1, gname: 'Bureau Almaty LLP', lname: 'ТОО «Бюро Алматы»', address: '77/7 Al-Farabi Avenue, Esentai Tower, 12th floor', laddress: 'пр. аль-Фараби 77/7, БЦ Esentai Tower, 12 этаж', zip: '050040' },
  { city: 'Astana', lcity: 'Астана', alpha2: 'KZ', currency: 'KZT', type: 2, gname: 'Bureau Astana LLP', lname: 'ТОО «Бюро Астана»', address: '55/22 Mangilik El Avenue, Block C4.2', laddress: 'пр. Мангилик Ел 55/22, блок C4.2', zip: '010000' },
  { city: 'Tashkent', lcity: 'Ташкент', alpha2: 'UZ', currency: 'UZS', type: 2, gname: 'Bureau Tashkent LLC', lname: 'ООО «Бюро Ташкент»', address: '24 Amir Temur Avenue, International Business Center', laddress: 'пр. Амира Темура 24, МБЦ', zip: '100000' },
  { city: 'London', alpha2: 'GB', currency: 'GBP', type: 2, gname: 'Bureau London LLP', address: '1 Finsbury Avenue', zip: 'EC2M 2PF' },
  { city: 'Dubai', alpha2: 'AE', currency: 'AED', type: 3, gname: 'Bureau (DIFC) Limited', address: 'Gate Village 10, Dubai International Financial Centre', zip: '507211' },
  { city: 'Frankfurt am Main', alpha2: 'DE', currency: 'EUR', type: 2, gname: 'Bureau Rechtsanwaltsgesellschaft mbH', lname: 'Bureau Rechtsanwaltsgesellschaft mbH', address: 'Taunusanlage 8', laddress: 'Taunusanlage 8', zip: '60329' },
  { city: 'Istanbul', alpha2: 'TR', currency: 'TRY', type: 3, gname: 'Bureau Istanbul Law Partnership', lname: 'Bureau İstanbul Avukatlık Ortaklığı', address: 'Levent Mahallesi, Büyükdere Caddesi No. 201', laddress: 'Levent Mah., Büyükdere Cad. No: 201', zip: '34394' },
];

/** A seeded office: id, city and country (ISO alpha-2), for the sections that refer to offices. */
export interface SeededOffice {
  id: number;
  city: string;
  alpha2: string;
}

/** Short name of an office city for department names (`Frankfurt am Main` -> `Frankfurt`). */
export const shortCity = (city: string): string => city.split(' ')[0]!;

/** Seeds the offices (OFF-01..06): status, type, currencies, countries, billing details. */
export async function seedOffices(tx: Tx, rng: Rng, ref: Reference): Promise<SeededOffice[]> {
  const rows: SeedRow[] = OFFICES.map((o, i) => {
    const p = place(o.alpha2);
    const key = shortCity(o.city).toLowerCase();
    return {
      id: i + 1,
      gfirmName: o.gname,
      lfirmName: o.lname ?? null,
      status: ref.dict('OFFICE_STATUS', 1),
      type: ref.dict('OFFICE_TYPE', o.type),
      siteUrl: `https://bureau.example/${key}`,
      firstEmail: `${key}@bureau.example`,
      firstPhoneNumber: rng.en.helpers.replaceSymbols(p.phone),
      representative: rng.en.person.fullName(),
      signDate: isoDate(daysAgo(rng.int(365 * 3, 365 * 15))),
      currency: ref.currency(o.currency),
      transferCurrency: ref.currency('USD'),
      physicalCountry: ref.country(o.alpha2),
      physicalCity: o.city,
      shippingAddress: o.address,
      zip: o.zip,
      billingCountry: ref.country(o.alpha2),
      billingCity: o.lcity ?? o.city,
      gbillFirmName: o.gname,
      lbillFirmName: o.lname ?? null,
      gbillAddress: `${o.address}, ${o.city} ${o.zip}`,
      lbillAddress: o.laddress ? `${o.laddress}, ${o.lcity ?? o.city} ${o.zip}` : null,
      bin: rng.digits(12),
      createdBy: 'seed',
      lastModifiedBy: 'seed',
      ...auditDates(rng, daysAgo(730)),
    };
  });
  await insertRows(tx, offices, rows);
  await syncIdSequence(tx, offices);
  return OFFICES.map((o, i) => ({ id: i + 1, city: o.city, alpha2: o.alpha2 }));
}
