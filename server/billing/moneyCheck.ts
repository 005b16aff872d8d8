/** The money check (issue 30 item 8); the invariants live in `./moneyCheck/`. */
export * from './moneyCheck/index';
