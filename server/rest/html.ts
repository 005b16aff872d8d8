import sanitizeHtml from 'sanitize-html';

/**
 * What rich text (`f.longText({ html: true })`) may hold: the formatting an e-mail or a note
 * needs - paragraphs, headings, emphasis, lists, quotes, links, tables, images by URL - and
 * nothing that runs or restyles the page: no `<script>`, `<style>`, `<iframe>`, no `on*`
 * attributes, no `style` attributes, no `javascript:` or `data:` URLs (images: http(s) only).
 */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span'],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

/**
 * The safe subset of an HTML value, as stored for a rich text field.
 * @example
 * sanitizeRichText('<p onclick="x()">Hi <script>alert(1)</script><b>there</b></p>')
 * // -> '<p>Hi <b>there</b></p>'
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT);
}
