import { sampleText, textual } from './textual';

/** `longText`: multi-line text, 1000 characters unless the field says otherwise (WID-40). */
export const longText = textual({
  type: 'longText',
  maxLength: 1000,
  sample: (fd, seed) => `${sampleText(fd, seed, 1000)}\nsecond line`.slice(0, fd.maxLength ?? 1000),
});
