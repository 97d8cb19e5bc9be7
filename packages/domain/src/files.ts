import { z } from 'zod';

/**
 * Uploaded files (issue 9 items 4, 8, 9): invoices, delivery notes and technical sheets. The type is taken from
 * the content's magic bytes, never from the name or the client's Content-Type (ARCHITECTURE §7 "Uploads").
 */
export const UPLOAD_KINDS = ['pdf', 'jpeg', 'png', 'webp'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const UPLOAD_CONTENT_TYPES: Record<UploadKind, string> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** Invoices and delivery notes, each (issue 9 item 4). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** 'El archivo supera el tamaño máximo de 10 MB.' for the given cap. */
export function fileTooLarge(maxBytes: number): string {
  const mb = maxBytes / (1024 * 1024);
  return `El archivo supera el tamaño máximo de ${Number.isInteger(mb) ? mb : mb.toFixed(1).replace('.', ',')} MB.`;
}

export const FILE_MSG = {
  invalidType: 'El archivo no es una imagen o PDF válido.',
  tooLarge: fileTooLarge(UPLOAD_MAX_BYTES),
} as const;

/** The invoice / delivery-note reader: POST supplies/stocks/{document_type}. */
export const DOCUMENT_TYPES = ['invoice', 'delivery-note'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Pages of a PDF the reader accepts: an invoice or delivery note has one or two; more is refused, not read. */
export const DOCUMENT_MAX_PAGES = 20;

export const DOCUMENT_MSG = {
  unreadable: 'No pudimos leer el documento. Cargá los datos a mano.',
  fileRequired: 'Adjuntá el archivo de la factura o del remito (PDF o foto).',
  tooManyPages: `El documento tiene más de ${DOCUMENT_MAX_PAGES} páginas. Cargá los datos a mano.`,
} as const;

/**
 * AFIP/ARCA voucher codes (tipoCmp of the fiscal QR) the reader names; the rest show their number.
 * Source: AFIP's "Tabla de comprobantes" of the electronic-invoice web service (WSFEv1, FEParamGetTiposCbte).
 */
export const AFIP_VOUCHER_TYPES: Record<number, string> = {
  1: 'Factura A',
  2: 'Nota de Débito A',
  3: 'Nota de Crédito A',
  6: 'Factura B',
  7: 'Nota de Débito B',
  8: 'Nota de Crédito B',
  11: 'Factura C',
  12: 'Nota de Débito C',
  13: 'Nota de Crédito C',
  51: 'Factura M',
  201: 'Factura de Crédito Electrónica MiPyMEs (FCE) A',
  206: 'Factura de Crédito Electrónica MiPyMEs (FCE) B',
  211: 'Factura de Crédito Electrónica MiPyMEs (FCE) C',
};

/** What the reader found, for the stock-entry form to prefill; nothing is saved until the user saves the entry. */
export const DocumentReading = z.object({
  /** Invoice number as the form takes it: point of sale and number, `00003-00001234`. */
  invoice: z.string().nullable(),
  delivery_note: z.string().nullable(),
  /** The workspace's provider whose CUIT is the issuer's. */
  provider: z.object({ provider_id: z.number(), name: z.string(), tax_identifier: z.string().nullable() }).nullable(),
  /** The issuer when no provider of the workspace has its CUIT: the form offers to create it. */
  provider_suggestion: z.object({ name: z.string().optional(), tax_identifier: z.string() }).nullable(),
  /** The fiscal QR's data (AFIP/ARCA), when the document carries one. */
  document: z
    .object({
      cuit: z.string(),
      point_of_sale: z.number(),
      invoice_type: z.number(),
      number: z.number(),
      /** yyyy-mm-dd */
      date: z.string(),
      total: z.number(),
      /** AFIP currency code: PES (pesos), DOL (US dollars), ... */
      currency: z.string(),
      exchange_rate: z.number(),
    })
    .nullable(),
  /** Line items from the PDF's text layer, matched to the catalogue by name and brand where possible. */
  supplies: z.array(
    z.object({
      supply_id: z.number().nullable(),
      name: z.string(),
      unit_id: z.number().nullable(),
      quantity: z.number().nullable(),
      /** ARS per unit (converted at the document's rate when it is in another currency). */
      price: z.number().nullable(),
      /** ARS per US$ when the document states one (a foreign-currency invoice), else null. */
      exchange_rate: z.number().nullable(),
    }),
  ),
});
export type DocumentReading = z.infer<typeof DocumentReading>;
