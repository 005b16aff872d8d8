import { useGetList, type RaRecord } from 'react-admin';
import { dictionaryCode } from '../../schemas/dictionaryTypes';
import { DICTIONARY_RESOURCE } from '../resources/schemaUtils';

/** The ids of the WORK_TYPE and BILLING_STATUS entries a new entry is written with, by code. */
export interface TimeDictionaryIds {
  workType: (code: number) => RaRecord['id'] | undefined;
  billingStatus: (code: number) => RaRecord['id'] | undefined;
  isPending: boolean;
}

/**
 * Reads the WORK_TYPE and BILLING_STATUS entries once (one cached `GET /baseDictionaries`), so a
 * new entry can carry `workType: { id }` for code 1 and `billingStatus: { id }` for code 2.
 */
export function useTimeDictionaries(): TimeDictionaryIds {
  const workTypeCode = dictionaryCode('WORK_TYPE');
  const billingCode = dictionaryCode('BILLING_STATUS');
  const { data = [], isPending } = useGetList<RaRecord>(
    DICTIONARY_RESOURCE,
    {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'id', order: 'ASC' },
      filter: { 'type.code.in': [workTypeCode, billingCode] },
      meta: { projection: 'full' },
    },
    { staleTime: 5 * 60_000 },
  );
  const find = (typeCode: number) => (code: number) =>
    data.find((d) => Number((d.type as { code?: unknown } | undefined)?.code) === typeCode && Number(d.code) === code)
      ?.id;
  return { workType: find(workTypeCode), billingStatus: find(billingCode), isPending };
}
