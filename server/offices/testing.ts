import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Test helpers of the offices area. */

const here = new URL('.', import.meta.url).pathname;

/** A minimal Word document (`server/offices/testdata/template.docx`, 922 bytes) for office templates. */
export const docxSample = (): Buffer => readFileSync(join(here, 'testdata', 'template.docx'));
