import { toMany, toOne } from './reference';

/** A dictionary entry as the wire reads it (the server embeds these fields). */
const entry = (seed: number) => ({ id: 1 + seed, code: 1 + seed, gname: `Entry ${1 + seed}`, lname: null });

/** `dictionary`: an entry of one dictionary type, read as `{ id, code, gname, lname, charCode }`. */
export const dictionary = toOne('dictionary', { sample: (_fd, seed) => entry(seed) });

/** `dictionaryList`: several entries of one dictionary type (join table). */
export const dictionaryList = toMany('dictionaryList', { sample: (_fd, seed) => [entry(seed)] });
