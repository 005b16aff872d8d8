import { isWebUrl } from './checks';
import { textual } from './textual';

/** `url`: an `http(s)://` URL or a bare host (`example.com/a`), 2048 characters; blank is stored as null. */
export const url = textual({
  type: 'url',
  maxLength: 2048,
  blankIsNull: true,
  format: { test: isWebUrl, message: 'must be a valid URL' },
  json: { format: 'uri-reference', description: 'an http(s) URL or a host name, example.com' },
  sample: (_fd, seed) => `https://example.test/sample/${seed}`,
  invalid: ['javascript:alert(1)', 'not a url', 'data:text/html,x', 'nodot'],
});
