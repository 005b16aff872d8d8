import { sampleText, textual } from './textual';

/** `password`: a write-only secret, stored as a bcrypt hash by the server and never returned. */
export const password = textual({
  type: 'password',
  maxLength: 255,
  sample: (fd, seed) => sampleText(fd, seed, 255),
});
