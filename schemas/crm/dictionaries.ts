import { defineDictionary } from '../dictionary';

/** Dictionary types of the area: Clients, contacts and leads. Codes are fixed: data and tests refer to them. */

export const businessForm = defineDictionary({
  name: 'BUSINESS_FORM',
  code: 7,
  label: 'Business form',
  entries: [
    { code: 1, gname: 'LLP' },
    { code: 2, gname: 'JSC' },
    { code: 3, gname: 'LLC' },
    { code: 4, gname: 'Sole proprietor' },
    { code: 5, gname: 'Public company' },
    { code: 6, gname: 'Non-profit' },
  ],
});

export const contactStage = defineDictionary({
  name: 'CONTACT_STAGE',
  code: 8,
  label: 'Contact stage',
  entries: [
    { code: 1, gname: 'New' },
    { code: 2, gname: 'Engaged' },
    { code: 3, gname: 'Client' },
    { code: 4, gname: 'Dormant' },
  ],
});

export const contactRank = defineDictionary({
  name: 'CONTACT_RANK',
  code: 9,
  label: 'Contact rank',
  entries: [
    { code: 1, gname: 'Decision maker' },
    { code: 2, gname: 'Influencer' },
    { code: 3, gname: 'Gatekeeper' },
    { code: 4, gname: 'User' },
  ],
});

export const contactSpecialization = defineDictionary({
  name: 'CONTACT_SPECIALIZATION',
  code: 10,
  label: 'Contact specialization',
  entries: [
    { code: 1, gname: 'Legal' },
    { code: 2, gname: 'Finance' },
    { code: 3, gname: 'Tax' },
    { code: 4, gname: 'HR' },
    { code: 5, gname: 'Procurement' },
    { code: 6, gname: 'Management' },
  ],
});

export const dealStage = defineDictionary({
  name: 'DEAL_STAGE',
  code: 11,
  label: 'Deal stage',
  entries: [
    { code: 1, gname: 'Prospecting' },
    { code: 2, gname: 'First point of contact' },
    { code: 3, gname: 'Negotiation' },
    { code: 4, gname: 'Presentation scheduled' },
    { code: 5, gname: 'Decision making' },
    { code: 6, gname: 'Proposal sent' },
    { code: 7, gname: 'Project execution' },
    { code: 8, gname: 'Invoiced' },
    { code: 9, gname: 'Closed won' },
    { code: 10, gname: 'Closed lost' },
  ],
});

export const leadSource = defineDictionary({
  name: 'LEAD_SOURCE',
  code: 12,
  label: 'Lead source',
  entries: [
    { code: 1, gname: 'Referral' },
    { code: 2, gname: 'Website' },
    { code: 3, gname: 'Event' },
    { code: 4, gname: 'Existing client' },
  ],
});

/** This area's dictionary types, registered in schemas/dictionaryTypes.ts. */
export const crmDictionaries = [
  businessForm,
  contactStage,
  contactRank,
  contactSpecialization,
  dealStage,
  leadSource,
] as const;
