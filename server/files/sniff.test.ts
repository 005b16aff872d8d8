import { describe, expect, it } from 'vitest';
import { contentDisposition, sanitizeFileName } from './names';
import { decideType } from './sniff';
import { samples } from './testing';

/** The type decision and the name rules alone, without HTTP. */
describe('sniffing and names', () => {
  it('files: sniffing stores the type the bytes show, and refuses what contradicts them', async () => {
    const png = samples.png();
    expect(await decideType(png, true, 'image/png', 'a.png')).toEqual({ contentType: 'image/png' });
    expect(await decideType(png, true, 'image/x-png', 'a.PNG')).toEqual({ contentType: 'image/png' });
    expect(await decideType(png, true, undefined, 'a')).toEqual({ contentType: 'image/png' });
    expect(await decideType(png, true, 'image/png', 'a.jpg')).toHaveProperty('refused');
    expect(await decideType(samples.pdf(), true, 'application/pdf; charset=binary', 'x.pdf')).toEqual({
      contentType: 'application/pdf',
    });
  });

  it('files: text the sniffer cannot recognise takes its type from the extension; binary it cannot recognise is refused', async () => {
    const csv = Buffer.from('a;b\n1;2\n');
    expect(await decideType(csv, true, 'application/vnd.ms-excel', 'x.csv')).toEqual({ contentType: 'text/csv' });
    expect(await decideType(csv, true, 'text/html', 'page.html')).toEqual({ contentType: 'text/plain' });
    expect(await decideType(Buffer.from('{"a":1}'), true, 'application/json', 'x.json')).toEqual({
      contentType: 'application/json',
    });
    expect(await decideType(Buffer.alloc(0), true, undefined, 'empty.txt')).toEqual({ contentType: 'text/plain' });
    expect(await decideType(csv, true, 'text/csv', 'x.docx')).toHaveProperty('refused');
    expect(await decideType(Buffer.from([0xff, 0xfe, 0x00, 0x01]), true, undefined, 'x.dat')).toHaveProperty('refused');
    // a multi-byte character cut by the end of the sample is still text
    const cut = Buffer.from('Привет'.repeat(700)).subarray(0, 4099);
    expect(await decideType(cut, false, 'text/plain', 'ru.txt')).toEqual({ contentType: 'text/plain' });
  });

  it('files: names keep the last path part, lose control, bidi and reserved characters, and keep the extension when cut', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(sanitizeFileName('a<b>:c?.txt')).toBe('a_b__c_.txt');
    expect(sanitizeFileName('  .hidden  ')).toBe('hidden');
    expect(sanitizeFileName('')).toBe('file');
    expect(sanitizeFileName('.pdf')).toBe('pdf');
    const long = sanitizeFileName(`${'ж'.repeat(300)}.pdf`);
    expect(Array.from(long)).toHaveLength(200);
    expect(long.endsWith('.pdf')).toBe(true);
  });

  it('files: Content-Disposition carries an ASCII fallback and the exact name as RFC 5987 filename*', () => {
    expect(contentDisposition('Отчёт (1).pdf')).toBe(
      `attachment; filename="_____ (1).pdf"; filename*=UTF-8''%D0%9E%D1%82%D1%87%D1%91%D1%82%20%281%29.pdf`,
    );
    expect(contentDisposition('a"b\\c.txt')).toBe(`attachment; filename="a_b_c.txt"; filename*=UTF-8''a%22b%5Cc.txt`);
  });
});
