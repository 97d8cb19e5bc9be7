import { describe, expect, it } from 'vitest';
import { DOCUMENT_MSG, FILE_MSG } from '@fm/domain';
import { AppError } from '../../http/errors';
import { readInventoryDocument } from './document-reader';
import { assertNoFlateBomb, PdfBomb } from './document-reader-pdf';
import { parseAfipQr } from './document-reader-qr';
import { findingsOf, linesOf, parseDecimal, type TextRun } from './document-reader-text';
import { multiplyDecimals, matchScore } from './document-reader.service';
import { afipQrUrl, flateBombPdf, invoicePdf, ISSUER_CUIT, qrPhotoJpeg, qrPhotoPng, samplePayload } from './document-reader.test-helpers';

/** The parse task itself, called in this thread (the route tests run it in the worker pool). */
const read = (bytes: Buffer) => readInventoryDocument(new Uint8Array(bytes));

const EXPECTED_QR = {
  cuit: ISSUER_CUIT,
  point_of_sale: 3,
  invoice_type: 1,
  number: 1234,
  date: '2026-11-20',
  total: '150000.5',
  currency: 'PES',
  exchange_rate: '1',
};

describe('the fiscal QR', () => {
  it('decodes the AFIP URL’s base64 JSON, and ignores any other QR', () => {
    expect(parseAfipQr(afipQrUrl(samplePayload()))).toEqual(EXPECTED_QR);
    const arca = afipQrUrl(samplePayload({ moneda: 'DOL', ctz: 1015.5 })).replace('www.afip.gob.ar', 'www.arca.gob.ar');
    expect(parseAfipQr(arca)).toMatchObject({ currency: 'DOL', exchange_rate: '1015.5' });
    expect(parseAfipQr('https://example.com/fe/qr/?p=e30=')).toBeNull();
    expect(parseAfipQr('https://www.afip.gob.ar/fe/qr/?p=bm90IGpzb24=')).toBeNull();
    expect(parseAfipQr(afipQrUrl({ ...samplePayload(), cuit: 123 }))).toBeNull();
    expect(parseAfipQr('hola')).toBeNull();
  });

  it('reads it from a PNG and from a JPEG photo', async () => {
    const url = afipQrUrl(samplePayload());
    expect((await read(await qrPhotoPng(url))).qr).toEqual(EXPECTED_QR);
    const photo = await read(await qrPhotoJpeg(url));
    expect(photo).toMatchObject({ qr: EXPECTED_QR, source: 'photo', items: [] });
  });
});

describe('a PDF invoice', () => {
  it('gives the QR (an embedded image), the line items, the CUIT, the issuer and the numbers', async () => {
    const reading = await read(await invoicePdf());
    expect(reading.qr).toEqual(EXPECTED_QR);
    expect(reading.items).toEqual([
      { name: 'Glifosato Roundup Full II', quantity: '20', price: '5250.5' },
      { name: 'Atrazina 90 WG', quantity: '10', price: '4499.05' },
    ]);
    expect(reading).toMatchObject({ cuit: ISSUER_CUIT, issuer_name: 'Agroinsumos del Sur S.A.', invoice: '00003-00001234', source: 'pdf' });
  });

  it('finds a QR drawn as vector graphics by rendering the page', async () => {
    const reading = await read(await invoicePdf({ vectorQr: true }));
    expect(reading.qr).toEqual(EXPECTED_QR);
    expect(reading.items).toHaveLength(2);
  });

  it('reads the text of a PDF without a QR', async () => {
    const reading = await read(await invoicePdf({ payload: null }));
    expect(reading.qr).toBeNull();
    expect(reading.items).toHaveLength(2);
  });

  it('refuses more than 20 pages, a Flate bomb and content that is no PDF or image', async () => {
    await expect(read(await invoicePdf({ extraPages: 20 }))).rejects.toThrow(DOCUMENT_MSG.tooManyPages);
    expect(() => assertNoFlateBomb(flateBombPdf(80))).toThrow(PdfBomb);
    expect(() => assertNoFlateBomb(flateBombPdf(8))).not.toThrow();
    const bomb = read(flateBombPdf(80));
    await expect(bomb).rejects.toBeInstanceOf(AppError);
    await expect(bomb).rejects.toThrow(DOCUMENT_MSG.unreadable);
    await expect(read(Buffer.from('<html><script>alert(1)</script></html>'))).rejects.toThrow(FILE_MSG.invalidType);
  });

  it('answers an empty reading for a damaged PDF (the route turns it into the Spanish 422)', async () => {
    expect(await read(Buffer.from('%PDF-1.7\nnada que ver'))).toMatchObject({ qr: null, items: [], cuit: null, invoice: null });
  });
});

describe('text layer rules', () => {
  const run = (str: string, x: number, y: number): TextRun => ({ str, x, y, width: str.length * 4.5, height: 9 });

  it('parses Argentine and plain decimals', () => {
    expect(['1.234,56', '20,00', '1234.5', '1.500', '$ 10.000', '0,125', 'abc', '1,234.5'].map(parseDecimal)).toEqual([
      '1234.56',
      '20',
      '1234.5',
      '1500',
      '10000',
      '0.125',
      null,
      '1234.5',
    ]);
  });

  it('takes items without a table header from lines of a name and two numbers, and a delivery note number', () => {
    const lines = linesOf([run('Remito N° 0002-00004567', 40, 700), run('Urea granulada', 40, 600), run('1.000', 300, 600), run('890,00', 400, 600), run('Total: 890.000', 40, 500)]);
    expect(findingsOf(lines)).toMatchObject({ items: [{ name: 'Urea granulada', quantity: '1000', price: '890' }], delivery_note: '00002-00004567' });
  });

  it('multiplies decimals exactly and scores catalogue names', () => {
    expect(multiplyDecimals('12.5', '1015.25')).toBe('12690.625');
    expect(multiplyDecimals('0.1', '0.2')).toBe('0.02');
    expect(multiplyDecimals('3.33333', '3.33333', 4)).toBe('11.1111');
    expect(matchScore('Glifosato Roundup Full II 20 lt', { name: 'Roundup Full II', brand: 'Bayer', own: false })).toBeGreaterThan(100);
    expect(matchScore('Atrazina 90 WG', { name: 'Atrazina 90%', brand: null, own: false })).toBeGreaterThan(29);
    expect(matchScore('Atrazina 90 WG', { name: 'Glifosato', brand: null, own: false })).toBe(0);
  });
});
