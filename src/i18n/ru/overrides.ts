/**
 * Russian texts by full key where the context changes the word the phrasebook gives for the
 * English text (`Name` of a contact is a person's name, of a role a title).
 */
export const ruOverrides: Readonly<Record<string, string>> = {
  'resources.contentPublicationForms.fields.title': 'Заголовок',
  'resources.contacts.fields.gname': 'ФИО',
  'resources.teams.fields.gfirstName.like': 'Имя',
  'resources.templates.fields.name': 'Название',
  'resources.job-titles.fields.name': 'Название',
  'resources.roles.fields.name': 'Название',
  'resources.storedFiles.fields.name': 'Имя файла',
  'resources.storage-folders.fields.name': 'Название',
  'resources.shared-materials.fields.name': 'Название',
  'resources.leadEmails.fields.from': 'От',
  'resources.leadEmails.fields.to': 'Кому',
  'resources.outboxMessages.fields.to': 'Кому',
  'resources.positions.fields.main': 'Основная',
  'resources.clients.steps.complete': 'Завершение',
  'resources.teams.page.list': 'Команда',
};
