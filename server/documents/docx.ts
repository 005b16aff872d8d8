import PizZip from 'pizzip';
import { DOCX_CONTENT_TYPE } from '../../schemas/offices/officeTemplates';

/**
 * A minimal Word document (DOCX) built from paragraphs and tables of plain text - enough for an
 * office template whose text holds docxtemplater tags (the demo data's templates, the tests'
 * fixtures). Every paragraph and cell is one run, so a tag is never split across runs.
 *
 * @example
 * buildDocx(['Invoice {number} of {date}', { table: [['Date', 'Hours'], ['{#times}{date}', '{hours}{/times}']] }]);
 */
export type DocxBlock = string | { table: string[][] };

const escapeXml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const paragraph = (text: string): string => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;

function table(rows: string[][]): string {
  const columns = Math.max(1, ...rows.map((r) => r.length));
  const width = Math.floor(9000 / columns);
  const border = (side: string) => `<w:${side} w:val="single" w:sz="4" w:space="0" w:color="000000"/>`;
  const borders = `<w:tblBorders>${['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map(border).join('')}</w:tblBorders>`;
  return (
    `<w:tbl><w:tblPr><w:tblW w:w="${width * columns}" w:type="dxa"/>${borders}</w:tblPr>` +
    `<w:tblGrid>${`<w:gridCol w:w="${width}"/>`.repeat(columns)}</w:tblGrid>` +
    rows
      .map(
        (r) =>
          `<w:tr>${r.map((cell) => `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/></w:tcPr>${paragraph(cell)}</w:tc>`).join('')}</w:tr>`,
      )
      .join('') +
    '</w:tbl>'
  );
}

/** The DOCX bytes of `blocks`, in order. */
export function buildDocx(blocks: DocxBlock[]): Buffer {
  const zip = new PizZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      '</Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
      '</Relationships>',
  );
  const body = blocks.map((b) => (typeof b === 'string' ? paragraph(b) : table(b.table))).join('');
  zip.file(
    'word/document.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
      `<w:body>${body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1134" w:right="1134" w:bottom="1134" w:left="1134" w:header="0" w:footer="0" w:gutter="0"/></w:sectPr></w:body></w:document>`,
  );
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** The content type of a DOCX file. */
export const DOCX = DOCX_CONTENT_TYPE;

/** The text of a DOCX's main part (`word/document.xml`), tags removed: what a reader sees. */
export function docxText(bytes: Uint8Array): string {
  const xml = new PizZip(bytes).file('word/document.xml')?.asText() ?? '';
  return xml
    .replace(/<\/w:p>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/**
 * The blocks of the demo and test Invoice template: the header tags, the times, expenses, the
 * priced lines that add up to the amount due, the pre-invoices charged and the payments; every
 * amount with its currency (MC-4, MC-5).
 */
export const INVOICE_TEMPLATE: DocxBlock[] = [
  'Invoice {number} of {date}',
  'From {office}, {officeAddress}',
  'To {client}, {clientAddress}',
  'Project {project}; contract {contract}; period {periodFrom} - {periodTo}',
  {
    table: [
      ['Date', 'Lawyer', 'Work', 'Hours'],
      ['{#times}{date}', '{employee}', '{description}', '{hours}{/times}'],
    ],
  },
  'Total hours: {totalHours}',
  {
    table: [
      ['Date', 'Type', 'Description', 'Amount'],
      ['{#expenses}{date}', '{type}', '{description}', '{amount} {currency}{/expenses}'],
    ],
  },
  'Expenses: {expenseTotals}',
  'Charged:',
  {
    table: [
      ['Item', 'Date', 'Description', 'Quantity', 'Rate', 'Amount'],
      ['{#lines}{kind}', '{date}', '{description}', '{quantity}', '{rate}', '{amount}{/lines}'],
    ],
  },
  'Lines total: {linesTotal}',
  '{#preInvoices}Pre-invoice {number} of {date}: {amount}, VAT {vatAmount}. {/preInvoices}',
  'Amount due: {amountDue} (USD equivalent {amountDueUsd})',
  '{#payments}Paid {paid} on {date}. {/payments}',
];

/** The blocks of the demo and test Pre-invoice template. */
export const PRE_INVOICE_TEMPLATE: DocxBlock[] = [
  'Pre-invoice {number} of {date}',
  'From {office}, {officeAddress}',
  'To {client}, {clientAddress}',
  'Project {project}; matter {matter}; contract {contract}',
  'Hours: {hours}',
  'Amount: {amountDue}; VAT {vatPercent} %: {vatDue}; balance {balanceDue}',
  'Closed manually: {manualClosed}',
  '{#payments}Paid {paid} on {date}. {/payments}',
];
