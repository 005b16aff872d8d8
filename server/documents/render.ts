import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
import { HttpError } from '../rest/errors';

/**
 * Fills a DOCX template with values (docxtemplater): `{tag}` prints a value as text, `{#list}...
 * {/list}` repeats its content per item of an array (a table row when it sits in one), `{^list}`
 * prints when the list is empty. Values are inserted as text (XML-escaped), never read as template
 * syntax, so a value holding `{x}` is printed as `{x}`. A tag without a value prints nothing.
 * PizZip unpacks the template's parts in memory: a template from a user passes `checkZip`
 * (server/files/archive.ts) first, as `renderDocument` (server/documents/routes.ts) does.
 *
 * @example
 * const out = renderDocx(templateBytes, { number: 'INV-7', times: [{ date: '2026-11-02', hours: '1.50' }] });
 * @throws HttpError 422 when the template is not a DOCX or its tags do not parse (the message lists them)
 */
export function renderDocx(template: Uint8Array, data: Record<string, unknown>): Buffer {
  let doc: Docxtemplater;
  try {
    doc = new Docxtemplater(new PizZip(template), {
      paragraphLoop: true,
      linebreaks: true,
      nullGetter: () => '',
      // a refusal is answered with its explanation; nothing to print on the console
      errorLogging: false,
    });
  } catch (error) {
    throw new HttpError(422, `The template cannot be rendered: ${describe(error)}`);
  }
  try {
    doc.render(data);
  } catch (error) {
    throw new HttpError(422, `The template cannot be rendered: ${describe(error)}`);
  }
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** docxtemplater's error as one line: each template error's explanation, or the message. */
function describe(error: unknown): string {
  const errors = (error as { properties?: { errors?: Array<{ properties?: { explanation?: string } }> } }).properties
    ?.errors;
  const explained = (errors ?? []).map((e) => e.properties?.explanation).filter((s): s is string => Boolean(s));
  return (explained.length > 0 ? explained.slice(0, 5).join('; ') : (error as Error).message).slice(0, 500);
}
