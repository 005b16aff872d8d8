import { transliterate, type Rng } from './random';

/**
 * Present-day Russian, Kazakh and Uzbek names in Cyrillic (faker's Russian locale favours rare
 * old names). Surnames are given in the male form; female forms add `а` to `-ов/-ев/-ин`.
 */
type Pool = { male: readonly string[]; female: readonly string[]; last: readonly string[] };

// prettier-ignore
const POOLS: Record<'ru' | 'kz' | 'uz', Pool> = {
  ru: {
    male: ['Александр', 'Дмитрий', 'Максим', 'Сергей', 'Андрей', 'Алексей', 'Артём', 'Илья', 'Кирилл', 'Михаил', 'Никита', 'Роман', 'Евгений', 'Павел', 'Владимир', 'Игорь', 'Денис', 'Антон', 'Виктор', 'Олег'],
    female: ['Анна', 'Мария', 'Елена', 'Ольга', 'Наталья', 'Екатерина', 'Татьяна', 'Юлия', 'Ирина', 'Светлана', 'Анастасия', 'Дарья', 'Ксения', 'Виктория', 'Полина', 'Алина'],
    last: ['Иванов', 'Петров', 'Смирнов', 'Кузнецов', 'Попов', 'Соколов', 'Лебедев', 'Новиков', 'Морозов', 'Волков', 'Федоров', 'Павлов', 'Семенов', 'Ким', 'Пак', 'Цой', 'Романов', 'Орлов', 'Никитин', 'Зайцев', 'Ильин', 'Белов', 'Григорьев', 'Медведев'],
  },
  kz: {
    male: ['Нурлан', 'Ерлан', 'Асхат', 'Даурен', 'Арман', 'Азамат', 'Ерболат', 'Олжас', 'Данияр', 'Жандос', 'Бахытжан', 'Руслан', 'Марат', 'Санжар', 'Тимур', 'Айдос', 'Ержан', 'Серик', 'Талгат', 'Мирас'],
    female: ['Алия', 'Айгерим', 'Асель', 'Динара', 'Мадина', 'Камила', 'Гульнара', 'Жанна', 'Сауле', 'Айжан', 'Дана', 'Меруерт', 'Жулдыз', 'Акмарал', 'Томирис', 'Аружан'],
    last: ['Нурланов', 'Ахметов', 'Сулейменов', 'Жумабаев', 'Касымов', 'Абенов', 'Омаров', 'Исаев', 'Байжанов', 'Тулегенов', 'Сагинтаев', 'Мусин', 'Есенов', 'Искаков', 'Жаксылыков', 'Сатпаев', 'Кенжебаев', 'Ибраев', 'Бекмухамбетов', 'Утемисов'],
  },
  uz: {
    male: ['Дильшод', 'Бекзод', 'Шерзод', 'Рустам', 'Фаррух', 'Жасур', 'Санжар', 'Азиз', 'Отабек', 'Улугбек', 'Бахтиёр', 'Шухрат', 'Алишер', 'Тимур'],
    female: ['Малика', 'Нигора', 'Дильноза', 'Зарина', 'Лола', 'Гулнора', 'Шахноза', 'Мадина', 'Севара', 'Камола', 'Нодира', 'Феруза'],
    last: ['Каримов', 'Рахимов', 'Юсупов', 'Алиев', 'Усманов', 'Мирзаев', 'Хасанов', 'Турсунов', 'Ахмедов', 'Назаров', 'Абдуллаев', 'Исмоилов', 'Султанов', 'Холматов'],
  },
};

const GROUPS: Record<string, ReadonlyArray<readonly [number, 'ru' | 'kz' | 'uz']>> = {
  KZ: [
    [55, 'kz'],
    [45, 'ru'],
  ],
  KG: [
    [50, 'kz'],
    [50, 'ru'],
  ],
  UZ: [
    [70, 'uz'],
    [30, 'ru'],
  ],
};

const feminine = (surname: string): string => (/(ов|ев|ин)$/.test(surname) ? `${surname}а` : surname);

/** A Cyrillic name usual in the country (KZ, UZ, KG mix local and Russian names; others Russian) and its Latin form. */
export function cyrillicName(
  rng: Rng,
  alpha2: string,
  sex: 'female' | 'male',
): { first: string; last: string; gfirst: string; glast: string } {
  const pool = POOLS[rng.weighted(GROUPS[alpha2] ?? ([[1, 'ru']] as const))];
  const first = rng.pick(pool[sex]);
  const male = rng.pick(pool.last);
  const last = sex === 'female' ? feminine(male) : male;
  return { first, last, gfirst: transliterate(first), glast: transliterate(last) };
}
