import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { officeTemplates, storedFiles } from '../../../schemas/index';
import { DOCX_CONTENT_TYPE } from '../../../schemas/offices/officeTemplates';
import { buildDocx, INVOICE_TEMPLATE, PRE_INVOICE_TEMPLATE, type DocxBlock } from '../../documents/docx';
import type { FileStorage } from '../../files/storage';
import type { Reference } from './reference';
import { REFERENCE_DATE } from './random';
import { insertRows, syncIdSequence, type Tx } from './sql';

const audit = {
  createdBy: 'seed',
  lastModifiedBy: 'seed',
  createdDate: REFERENCE_DATE.toISOString(),
  lastModifiedDate: REFERENCE_DATE.toISOString(),
};

/** The demo templates per office: [DOCUMENT_TYPE code, file name, blocks]. */
const TEMPLATES: Array<[number, string, DocxBlock[]]> = [
  [1, 'invoice-template.docx', INVOICE_TEMPLATE],
  [2, 'pre-invoice-template.docx', PRE_INVOICE_TEMPLATE],
];

/**
 * Demo office templates (PRE-15, INV-28): every office gets a generated DOCX template for Invoice
 * (1) and Pre-invoice (2), without a location, so the invoice and pre-invoice cards' Document
 * button renders something. The bytes go to `files` (the server's file storage); without a
 * storage nothing is seeded. Ids follow the tables' current maximum. @returns row counts by table
 */
export async function seedDocumentTemplates(
  tx: Tx,
  ref: Reference,
  files?: FileStorage,
): Promise<Record<string, number>> {
  if (!files) return {};
  const next = async (table: string) =>
    Number((await tx.query<{ n: number }>(`SELECT COALESCE(max(id), 0)::int AS n FROM ${table}`))[0]?.n ?? 0) + 1;
  const offices = await tx.query<{ id: number }>('SELECT id FROM offices ORDER BY id');
  const firstFile = await next(storedFiles.table);
  const firstTemplate = await next(officeTemplates.table);
  const fileRows: Array<Record<string, unknown>> = [];
  const templateRows: Array<Record<string, unknown>> = [];
  for (const [type, name, blocks] of TEMPLATES) {
    const bytes = buildDocx(blocks);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    for (const office of offices) {
      const id = firstFile + fileRows.length;
      fileRows.push({
        id,
        name,
        contentType: DOCX_CONTENT_TYPE,
        size: bytes.length,
        sha256,
        storageKey: await files.put(Readable.from([bytes])),
        ...audit,
      });
      templateRows.push({
        id: firstTemplate + templateRows.length,
        office: Number(office.id),
        documentType: ref.dict('DOCUMENT_TYPE', type),
        document: id,
        ...audit,
      });
    }
  }
  if (templateRows.length === 0) return {};
  await insertRows(tx, storedFiles, fileRows);
  await insertRows(tx, officeTemplates, templateRows);
  await syncIdSequence(tx, storedFiles);
  await syncIdSequence(tx, officeTemplates);
  return { officeTemplates: templateRows.length, templateFiles: fileRows.length };
}
