import { sampleText, textual } from './textual';

/** `text`: one line, 255 characters unless the field says otherwise. */
export const text = textual({
  type: 'text',
  maxLength: 255,
  sample: (fd, seed) => sampleText(fd, seed, 255),
});
