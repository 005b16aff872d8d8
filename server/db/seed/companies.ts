import type { Place } from './places';
import { slug, type Rng } from './random';

/** Word pools for client names, sector by sector in the order of departments.ts SECTORS. */
// prettier-ignore
const SECTOR_WORDS: readonly (readonly string[])[] = [
  ['Energy', 'Oil', 'Petroleum', 'Gas', 'Power', 'Solar', 'Wind Power', 'Energy Services', 'Pipeline'],
  ['Bank', 'Capital', 'Finance', 'Insurance', 'Investments', 'Leasing', 'Payments', 'Asset Management'],
  ['Technologies', 'Digital', 'Systems', 'Telecom', 'Software', 'Data', 'Networks', 'Media'],
  ['Development', 'Properties', 'Estates', 'Construction', 'Build', 'Realty', 'Hotels'],
  ['Mining', 'Metals', 'Resources', 'Minerals', 'Gold', 'Copper', 'Uranium'],
  ['Pharma', 'Medical', 'Health', 'Clinics', 'Biotech', 'Diagnostics'],
  ['Logistics', 'Transport', 'Airways', 'Rail', 'Shipping', 'Cargo', 'Terminals'],
  ['Retail', 'Trade', 'Foods', 'Market', 'Consumer', 'Brands', 'Beverages'],
  ['Agro', 'Grain', 'Farms', 'Agri', 'Dairy', 'Fertilisers'],
  ['National Company', 'Development Fund', 'Infrastructure', 'Investment Agency'],
];

// prettier-ignore
const CIS_PREFIXES = ['Caspian', 'Altyn', 'Steppe', 'Tengri', 'Silk Road', 'Nomad', 'Baiterek', 'Orda', 'Alatau', 'Kazyna', 'Saryarka', 'Irtysh', 'Turan', 'Aral', 'Zhetysu', 'Khan Tengri', 'Barys', 'Tulpar', 'Sunkar', 'Atameken', 'Registan', 'Amu Darya', 'Chirchik', 'Ural', 'Volga', 'Issyk-Kul', 'Tian Shan', 'Aksu', 'Ertis', 'Shalkar'];
// prettier-ignore
const GLOBAL_PREFIXES = ['Meridian', 'Northwind', 'Atlas', 'Sterling', 'Harbour', 'Granite', 'Crescent', 'Bosphorus', 'Rhine', 'Thames', 'Oasis', 'Falcon', 'Summit', 'Pioneer', 'Horizon', 'Evergreen', 'Keystone', 'Beacon', 'Sapphire', 'Cobalt', 'Anatolia', 'Gulf', 'Danube', 'Orion', 'Polaris'];
// prettier-ignore
const SUFFIXES = [[30, ''], [14, 'Group'], [12, 'Holding'], [8, 'International'], [6, 'Partners'], [8, 'Company'], [6, 'Corporation'], [4, 'Central Asia'], [4, 'Eurasia']] as const;

/** BUSINESS_FORM code -> the abbreviation written after a company name, by country. */
function formAbbreviation(form: number, alpha2: string): string {
  if (form === 1) return 'LLP';
  if (form === 2) return alpha2 === 'TR' ? 'A.S.' : alpha2 === 'DE' ? 'AG' : 'JSC';
  if (form === 3) return alpha2 === 'DE' ? 'GmbH' : alpha2 === 'GB' ? 'Ltd' : alpha2 === 'NL' ? 'B.V.' : 'LLC';
  if (form === 5) return alpha2 === 'GB' ? 'plc' : 'Inc.';
  return '';
}

/** A realistic company name for a sector (index in SECTORS) and country, with its web domain. */
export function companyName(rng: Rng, sector: number, p: Place, form: number): { gname: string; domain: string } {
  const prefix =
    p.cyrillic && rng.chance(0.75)
      ? rng.pick(CIS_PREFIXES)
      : rng.chance(0.25)
        ? rng.en.person.lastName()
        : rng.pick(GLOBAL_PREFIXES);
  const words = SECTOR_WORDS[sector % SECTOR_WORDS.length]!;
  const suffix = rng.weighted(SUFFIXES);
  const base = [prefix, rng.pick(words), suffix].filter(Boolean).join(' ');
  const abbreviation =
    rng.chance(0.5) && suffix !== 'Company' && suffix !== 'Corporation' ? formAbbreviation(form, p.alpha2) : '';
  return { gname: abbreviation ? `${base} ${abbreviation}` : base, domain: `${slug(base)}.${p.tld}` };
}

// prettier-ignore
const CIS_STREETS = ['Abay Avenue', 'Dostyk Avenue', 'Al-Farabi Avenue', 'Tole Bi Street', 'Kabanbay Batyr Avenue', 'Amir Temur Street', 'Nauryzbay Batyr Street', 'Satpayev Street', 'Zheltoksan Street', 'Bukhar Zhyrau Boulevard', 'Mustaqillik Avenue', 'Tverskaya Street', 'Chui Avenue', 'Kunaev Street'];

/** A street address in a city of the place. */
export function streetAddress(rng: Rng, p: Place): string {
  const city = rng.pick(p.cities);
  if (p.cyrillic) return `${rng.int(1, 250)} ${rng.pick(CIS_STREETS)}, office ${rng.int(1, 900)}, ${city}`;
  const local = p.alpha2 === 'DE' ? rng.de : p.alpha2 === 'TR' ? rng.tr : rng.en;
  return `${local.location.buildingNumber()} ${local.location.street()}, ${city}`;
}

/** Job titles with the CONTACT_SPECIALIZATION code they imply (1 legal, 2 finance, 3 tax, 4 HR, 5 procurement, 6 management). */
// prettier-ignore
export const JOB_TITLES: ReadonlyArray<readonly [string, number]> = [
  ['Chief Executive Officer', 6], ['General Director', 6], ['Deputy General Director', 6], ['Head of Business Development', 6],
  ['Chief Financial Officer', 2], ['Finance Director', 2], ['Chief Accountant', 2], ['Treasury Manager', 2],
  ['General Counsel', 1], ['Head of Legal', 1], ['Legal Counsel', 1], ['Senior Legal Counsel', 1], ['Chief Compliance Officer', 1], ['Corporate Secretary', 1],
  ['Tax Manager', 3], ['Head of Tax', 3], ['HR Director', 4], ['Head of People', 4], ['Procurement Manager', 5], ['Head of Procurement', 5],
];

// prettier-ignore
const EVENTS = ['Astana International Forum', 'KIOGE conference', 'our tax breakfast', 'the AmCham Kazakhstan meeting', 'the Legal 500 awards dinner', 'our arbitration webinar', 'Tashkent International Investment Forum', 'the London energy roundtable'];
// prettier-ignore
const TOPICS = ['a subsoil licence tender', 'the loan refinancing', 'the acquisition of a minority stake', 'the tax audit', 'the employment restructuring', 'a trademark portfolio review', 'sanctions screening of counterparties', 'the joint venture agreement', 'a construction dispute', 'an arbitration claim', 'a data protection audit', 'the share purchase agreement', 'a merger control filing'];
const NOTES = [
  (r: Rng) => `Met at ${r.pick(EVENTS)}; interested in help with ${r.pick(TOPICS)}.`,
  (r: Rng) => `Called about ${r.pick(TOPICS)}. Follow up in ${r.int(1, 6)} weeks.`,
  (r: Rng) => `Sent the engagement letter for ${r.pick(TOPICS)}.`,
  (r: Rng) => `Asked for a fee quote on ${r.pick(TOPICS)}; budget expected in Q${r.int(1, 4)}.`,
  () => 'Prefers e-mail; copy the assistant on all correspondence.',
  (r: Rng) => `Invited to ${r.pick(EVENTS)}.`,
  () => 'Changed role recently; confirm the job title before the next mailing.',
  (r: Rng) => `Positive feedback on ${r.pick(TOPICS)}. Possible repeat mandate.`,
  () => 'Out of office until the end of the month.',
  (r: Rng) => `Introduced us to their counterpart for ${r.pick(TOPICS)}.`,
];

/** A CRM note about a contact (contact comments, CLI-20). */
export const contactNote = (rng: Rng): string => rng.pick(NOTES)(rng);

export const SANCTION_COMMENTS = [
  'Listed on the EU consolidated sanctions list; new matters need compliance sign-off.',
  'Ultimate beneficial owner designated by OFAC (SDN list). Existing mandate frozen; no new work.',
  'Subsidiary of a UK-designated entity. Payments only through the compliance-approved account.',
  'Sectoral sanctions apply (debt and equity restrictions). Review each matter with the compliance team.',
];
