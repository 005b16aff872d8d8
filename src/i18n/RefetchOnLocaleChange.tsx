import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onActiveLocaleChange } from './activeLocale';

/**
 * Refetches every query react-admin holds when the user's language changes: the server filters and
 * sorts translated fields and local names in the language the data provider sends
 * (`Accept-Language`), so a list loaded in the other language would keep its old order. Renders
 * nothing; sits inside react-admin's query client (`src/app/BureauAdmin.tsx`).
 */
export const RefetchOnLocaleChange = () => {
  const queryClient = useQueryClient();
  useEffect(() => onActiveLocaleChange(() => void queryClient.invalidateQueries()), [queryClient]);
  return null;
};
