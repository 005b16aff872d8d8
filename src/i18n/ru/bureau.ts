import type { en } from '../en';

/** Bureau's own texts in Russian: the keys of `en.bureau` (the type holds them equal), menu areas aside. */
export const ruBureau: Omit<typeof en.bureau, 'area'> = {
  product: 'Bureau',
  tagline: 'Бэк-офис фирмы',
  locale: {
    menu: 'Язык',
  },
  shell: {
    loading_page: 'Загрузка страницы',
    total_unavailable: 'Итог недоступен',
    total_pending: 'Итог …',
  },
  history: {
    tab: 'История',
    error: 'Не удалось прочитать историю',
    empty: 'Изменений нет',
    when: 'Когда',
    who: 'Кто',
    action: 'Действие',
    field: 'Поле',
    before: 'Было',
    after: 'Стало',
    hidden: 'изменено (значение скрыто)',
    comment: 'Комментарий',
    from: 'Из',
    to: 'В',
    status_tab: 'История статусов',
    actions: { create: 'Создание', update: 'Изменение', delete: 'Удаление' },
  },
  board: {
    view: 'Вид',
    list: 'Список',
    board: 'Доска',
    load_failed: 'Не удалось загрузить записи',
    drop_here: 'Перетащите сюда, чтобы переместить',
    move_refused: 'Перемещение отклонено',
    moved: 'Перемещено: «%{target}»',
    moves_allowed: 'Только переходы, допустимые из текущей стадии',
    no_move: 'Отсюда переходов нет',
  },
  list: {
    empty: 'Пока нет: %{name}.',
    invite_create: 'Создайте первую запись, чтобы начать.',
    invite_none: 'Здесь пока ничего не добавлено.',
  },
  auth: {
    sign_in: 'Войти',
    signing_in: 'Переход ко входу…',
    sign_out: 'Выйти',
    forgot_password: 'Забыли пароль?',
    forgot_password_title: 'Забыли пароль?',
    forgot_password_text:
      'Паролем управляет служба входа фирмы. Продолжите там, чтобы получить ссылку для сброса по электронной почте.',
    reset_password_title: 'Сброс пароля',
    reset_password_text: 'Пароль сбрасывается в службе входа. Продолжите там, чтобы задать новый пароль.',
    continue: 'Продолжить',
    back_to_sign_in: 'Вернуться ко входу',
    callback_failed: 'Вход не удался. Попробуйте ещё раз.',
  },
  not_found: {
    title: 'Страница не найдена',
    text: 'Запрошенной страницы нет или у вас нет к ней доступа.',
    home: 'На начальную страницу',
  },
  mobile: {
    title: 'Bureau mobile',
    text: 'Мобильное рабочее место скоро появится.',
  },
};
