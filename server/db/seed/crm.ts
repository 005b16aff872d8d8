import { clients, contactComments, contacts } from '../../../schemas/index';
import type { Reference } from './reference';
import type { SeededDepartments } from './departments';
import { PLACES, type Place } from './places';
import { JOB_TITLES, SANCTION_COMMENTS, companyName, contactNote, streetAddress } from './companies';
import { auditDates, daysAgo, slug, type Rng } from './random';
import { cyrillicName } from './names';
import { insertJoin, insertRows, syncIdSequence, type SeedRow, type Tx } from './sql';

/** What the CRM section needs from the rest of the seed. */
export interface CrmContext {
  rng: Rng;
  ref: Reference;
  deps: SeededDepartments;
  /** Position ids that may be a contact's relationship manager. */
  managers: number[];
  /** Contacts per client, inclusive range. */
  contactsPerClient: readonly [number, number];
  /** Client names given so far (across batches): a firm does not keep two clients of one name. */
  usedNames: Set<string>;
}

/** Rows made so far; ids are explicit and continue across batches. */
export interface CrmCounts {
  clients: number;
  contacts: number;
  contactRanks: number;
  contactSpecializations: number;
  contactComments: number;
}

export const emptyCrmCounts = (): CrmCounts => ({
  clients: 0,
  contacts: 0,
  contactRanks: 0,
  contactSpecializations: 0,
  contactComments: 0,
});

const COMMENT_AUTHORS = ['member', 'billing', 'top', 'assistant'];
const PLACE_WEIGHTS = PLACES.map((p) => [p.weight, p] as const);

function languageOf(rng: Rng, p: Place): string {
  if (p.cyrillic)
    return rng.weighted([
      [60, 'ru'],
      [30, 'en'],
      [10, p.alpha2 === 'KZ' ? 'kk' : p.alpha2 === 'UZ' ? 'uz' : 'ru'],
    ] as const);
  const local: Record<string, string> = { DE: 'de', TR: 'tr', CN: 'zh', AE: 'ar', NL: 'nl', AZ: 'az', CH: 'de' };
  return local[p.alpha2] && rng.chance(0.4) ? local[p.alpha2]! : 'en';
}

function personName(rng: Rng, p: Place): { first: string; last: string } {
  const sex = rng.chance(0.45) ? 'female' : 'male';
  if (p.cyrillic) {
    const { gfirst, glast } = cyrillicName(rng, p.alpha2, sex);
    return { first: gfirst, last: glast };
  }
  const faker = p.alpha2 === 'DE' ? rng.de : p.alpha2 === 'TR' ? rng.tr : rng.en;
  return { first: faker.person.firstName(sex), last: faker.person.lastName(sex) };
}

/**
 * Generates and inserts `count` clients after those already counted (CLI-01..19): company names
 * by sector and country, sector/sub-sector departments (type 7), IIN/BIN, VAT on about half
 * (0.12 or 0.2, a fraction), a few under sanctions with comments, a bank account (jsonb), and
 * contacts with ranks, specializations, a relationship manager, a language only when subscribed,
 * and 0-4 comments on some. Memory stays bounded by `count`; call it in batches for large scales.
 */
export async function seedClientBatch(tx: Tx, ctx: CrmContext, counts: CrmCounts, count: number): Promise<void> {
  const { rng, ref, deps } = ctx;
  const clientRows: SeedRow[] = [];
  const contactRows: SeedRow[] = [];
  const ranks: Array<[number, number]> = [];
  const specializations: Array<[number, number]> = [];
  const commentRows: SeedRow[] = [];
  const rankIds = ref.dictIds('CONTACT_RANK');
  const stageIds = ref.dictIds('CONTACT_STAGE');

  for (let n = 0; n < count; n++) {
    const id = ++counts.clients;
    const p = rng.weighted(PLACE_WEIGHTS);
    const sectorIndex = rng.int(0, deps.sectors.length - 1);
    const sector = deps.sectors[sectorIndex]!;
    const form = rng.pick(p.forms);
    const named = companyName(rng, sectorIndex, p, form);
    const { domain } = named;
    let gname = named.gname;
    for (let k = 2; ctx.usedNames.has(gname); k++)
      gname = `${named.gname} (${p.cities[k % p.cities.length]}${k > p.cities.length ? ` ${k}` : ''})`;
    ctx.usedNames.add(gname);
    const sanctioned = rng.chance(0.02);
    const vat = rng.chance(0.5);
    const bank = rng.chance(0.85) ? rng.pick(p.banks) : undefined;
    const audit = auditDates(rng, daysAgo(730));
    clientRows.push({
      id,
      gname,
      underSanctions: sanctioned,
      sanctionComments: sanctioned ? rng.pick(SANCTION_COMMENTS) : null,
      siteUrl: rng.chance(0.85) ? `https://www.${domain}` : null,
      sector: sector.id,
      subSector: sector.subSectors.length && rng.chance(0.7) ? rng.pick(sector.subSectors) : null,
      country: ref.country(p.alpha2),
      iinBin: rng.digits(12),
      vatEnabled: vat,
      vatPercent: vat ? p.vat : 0,
      address: streetAddress(rng, p),
      businessForm: rng.chance(0.9) ? ref.dict('BUSINESS_FORM', form) : null,
      account: bank
        ? {
            gbankName: bank[0],
            lbankName: bank[1],
            currentAccount: rng.en.helpers.replaceSymbols(p.account),
            bic: bank[2],
            code: p.alpha2 === 'KZ' ? String(rng.pick([17, 19, 27])) : null,
            inn: p.cyrillic ? rng.digits(12) : null,
            kpp: p.alpha2 === 'RU' ? rng.digits(9) : null,
          }
        : null,
      createdBy: 'seed',
      lastModifiedBy: 'seed',
      ...audit,
    });

    const contactCount = rng.int(ctx.contactsPerClient[0], ctx.contactsPerClient[1]);
    for (let c = 0; c < contactCount; c++) {
      const contactId = ++counts.contacts;
      const { first, last } = personName(rng, p);
      const [title, specialization] = rng.pick(JOB_TITLES);
      const email = rng.chance(0.9) ? `${slug(first)}.${slug(last)}@${domain}` : null;
      const subscribed = email !== null && rng.chance(0.4);
      const contactAudit = auditDates(rng, new Date(audit.createdDate));
      contactRows.push({
        id: contactId,
        client: id,
        gname: `${first} ${last}`,
        gjobTitle: rng.chance(0.95) ? title : null,
        stage: rng.chance(0.9)
          ? rng.weighted([
              [30, stageIds[0]!],
              [30, stageIds[1]!],
              [30, stageIds[2]!],
              [10, stageIds[3]!],
            ])
          : null,
        firstEmail: email,
        firstPhoneNumber: rng.chance(0.85) ? rng.en.helpers.replaceSymbols(p.phone) : null,
        secondPhoneNumber: rng.chance(0.15) ? rng.en.helpers.replaceSymbols(p.phone) : null,
        relationshipManagerPosition: ctx.managers.length && rng.chance(0.8) ? rng.pick(ctx.managers) : null,
        emailSubscribed: subscribed,
        language: subscribed ? ref.language(languageOf(rng, p)) : null,
        comments: rng.chance(0.1) ? contactNote(rng) : null,
        linkedin: rng.chance(0.3)
          ? `https://www.linkedin.com/in/${slug(first, '-')}-${slug(last, '-')}-${rng.digits(4)}`
          : null,
        createdBy: 'seed',
        lastModifiedBy: 'seed',
        ...contactAudit,
      });
      for (const rank of rng.some(
        rankIds,
        rng.weighted([
          [25, 0],
          [50, 1],
          [25, 2],
        ] as const),
      ))
        ranks.push([contactId, rank]);
      const specs = new Set([ref.dict('CONTACT_SPECIALIZATION', specialization)]);
      if (rng.chance(0.3)) specs.add(rng.pick(ref.dictIds('CONTACT_SPECIALIZATION')));
      for (const spec of specs) specializations.push([contactId, spec]);

      if (rng.chance(0.25)) {
        for (let k = rng.int(1, 4); k > 0; k--) {
          const author = rng.pick(COMMENT_AUTHORS);
          commentRows.push({
            id: ++counts.contactComments,
            contact: contactId,
            comment: contactNote(rng),
            createdBy: author,
            lastModifiedBy: author,
            ...auditDates(rng, new Date(contactAudit.createdDate)),
          });
        }
      }
    }
  }
  counts.contactRanks += ranks.length;
  counts.contactSpecializations += specializations.length;

  await insertRows(tx, clients, clientRows);
  await insertRows(tx, contacts, contactRows);
  await insertJoin(tx, contacts, 'rankList', ranks);
  await insertJoin(tx, contacts, 'specializationList', specializations);
  await insertRows(tx, contactComments, commentRows);
}

/** Moves the CRM id sequences past the explicit ids (after the last batch). */
export async function syncCrmSequences(tx: Tx): Promise<void> {
  for (const s of [clients, contacts, contactComments]) await syncIdSequence(tx, s);
}
