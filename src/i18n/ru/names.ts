/**
 * The Russian names of the entities and bespoke pages, by route: the three forms polyglot's
 * Russian plural rule picks from (`[one, few, many]`: 1 клиент, 2 клиента, 5 клиентов, in the
 * nominative / genitive singular / genitive plural) and the grammatical gender that agrees with
 * "новый" in the create page's title. A route with no entry here fails `src/i18n/locales.test.ts`.
 */
export interface RuName {
  /** 1, 2-4, 5-20 (and 0): `['Клиент', 'Клиента', 'Клиентов']`. */
  forms: readonly [string, string, string];
  /** m, f or n: `Новый клиент`, `Новая папка`, `Новое дело`. */
  gender: 'm' | 'f' | 'n';
}

const m = (one: string, few: string, many: string): RuName => ({ forms: [one, few, many], gender: 'm' });
const f = (one: string, few: string, many: string): RuName => ({ forms: [one, few, many], gender: 'f' });
const n = (one: string, few: string, many: string): RuName => ({ forms: [one, few, many], gender: 'n' });

export const ruNames: Readonly<Record<string, RuName>> = {
  clients: m('Клиент', 'Клиента', 'Клиентов'),
  contacts: m('Контакт', 'Контакта', 'Контактов'),
  contactComments: m('Комментарий к контакту', 'Комментария к контакту', 'Комментариев к контакту'),
  leads: m('Лид', 'Лида', 'Лидов'),
  leadEmails: n('Письмо по лиду', 'Письма по лиду', 'Писем по лиду'),
  templates: m('Шаблон письма', 'Шаблона письма', 'Шаблонов писем'),
  times: f('Запись времени', 'Записи времени', 'Записей времени'),
  projects: m('Проект', 'Проекта', 'Проектов'),
  projectManagers: m('Руководитель проекта', 'Руководителя проекта', 'Руководителей проекта'),
  matters: n('Дело', 'Дела', 'Дел'),
  matterTeams: m('Член команды дела', 'Члена команды дела', 'Членов команды дела'),
  matterRates: f('Ставка по делу', 'Ставки по делу', 'Ставок по делу'),
  'job-titles': n('Звание', 'Звания', 'Званий'),
  verificationChains: f('Цепочка согласования', 'Цепочки согласования', 'Цепочек согласования'),
  verificationApprovers: m('Согласующий цепочки', 'Согласующих цепочки', 'Согласующих цепочки'),
  officeApprovers: m('Согласующий офиса', 'Согласующих офиса', 'Согласующих офиса'),
  offices: m('Офис', 'Офиса', 'Офисов'),
  departments: m('Отдел', 'Отдела', 'Отделов'),
  teams: m('Сотрудник', 'Сотрудника', 'Сотрудников'),
  positions: f('Должность', 'Должности', 'Должностей'),
  'employee-titles': n('Звание сотрудника', 'Звания сотрудника', 'Званий сотрудников'),
  'position-funds': m('Фонд должности', 'Фонда должности', 'Фондов должностей'),
  'position-rates': f('Ставка должности', 'Ставки должности', 'Ставок должностей'),
  'base-types': m('Справочник', 'Справочника', 'Справочников'),
  'base-subtypes': n('Значение справочника', 'Значения справочника', 'Значений справочника'),
  currencies: f('Валюта', 'Валюты', 'Валют'),
  currencyRates: m('Курс валюты', 'Курса валюты', 'Курсов валют'),
  countries: f('Страна', 'Страны', 'Стран'),
  users: m('Пользователь', 'Пользователя', 'Пользователей'),
  roles: f('Роль', 'Роли', 'Ролей'),
  privileges: n('Право', 'Права', 'Прав'),
  ideas: f('Идея', 'Идеи', 'Идей'),
  ideaVotes: m('Голос за идею', 'Голоса за идею', 'Голосов за идею'),
  storedFiles: m('Файл', 'Файла', 'Файлов'),
  outboxMessages: n('Исходящее письмо', 'Исходящих письма', 'Исходящих писем'),
  accounts: m('Счёт офиса', 'Счёта офиса', 'Счетов офиса'),
  officeTransitAccounts: m('Транзитный счёт', 'Транзитных счёта', 'Транзитных счетов'),
  officeIncomeDistributions: n('Распределение дохода', 'Распределения дохода', 'Распределений дохода'),
  officeIncomeDistributionPercents: f('Доля распределения', 'Доли распределения', 'Долей распределения'),
  officeTemplates: m('Шаблон офиса', 'Шаблона офиса', 'Шаблонов офиса'),
  generatedDocuments: m('Сформированный документ', 'Сформированных документа', 'Сформированных документов'),
  budgets: m('Бюджет', 'Бюджета', 'Бюджетов'),
  budgetPayers: m('Плательщик бюджета', 'Плательщика бюджета', 'Плательщиков бюджета'),
  cashboxPeriods: m('Период кассы', 'Периода кассы', 'Периодов кассы'),
  officeDebts: m('Долг офиса', 'Долга офиса', 'Долгов офисов'),
  cashboxOfficeDebtCreditors: m('Кредитор по долгу', 'Кредитора по долгу', 'Кредиторов по долгу'),
  cashboxOfficeDebtDetails: f('Строка долга', 'Строки долга', 'Строк долга'),
  'storage-folders': f('Папка хранилища', 'Папки хранилища', 'Папок хранилища'),
  'shared-materials': m('Общий материал', 'Общих материала', 'Общих материалов'),
  contentPublicationForms: f('Форма материала', 'Формы материала', 'Форм материалов'),
  contentTags: m('Тег материала', 'Тега материала', 'Тегов материалов'),
  suppliers: m('Поставщик', 'Поставщика', 'Поставщиков'),
  expenses: m('Расход', 'Расхода', 'Расходов'),
  expensePayers: m('Плательщик расхода', 'Плательщика расхода', 'Плательщиков расхода'),
  'pre-invoices': m('Предварительный счёт', 'Предварительных счёта', 'Предварительных счетов'),
  invoices: m('Счёт', 'Счёта', 'Счетов'),
  invoiceQuotas: f('Квота счёта', 'Квоты счёта', 'Квот счетов'),
  paymentHistories: m('Платёж', 'Платежа', 'Платежей'),
  structure: f('Структура', 'Структуры', 'Структур'),
  catalogs: m('Каталог', 'Каталога', 'Каталогов'),
};
