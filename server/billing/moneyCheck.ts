/** The money check (MC-8); the invariants live in `./moneyCheck/`. */
export * from './moneyCheck/index';
