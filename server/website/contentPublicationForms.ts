import { countryDepartments } from './countryDepartments';
import { contentFormDefaults } from './contentRules';
import { defineServer } from '../define';

export const contentPublicationFormsServer = defineServer('contentPublicationForms', {
  hooks: {
    beforeChange: [
      async ({ tx, mode, data, stored }) =>
        mode === 'delete' ? undefined : contentFormDefaults(tx, mode, data, stored),
    ],
  },
  actions: {
    countryDepartments: countryDepartments,
  },
});
