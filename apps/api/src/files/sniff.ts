import type { UploadKind } from '@fm/domain';

const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0) => bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];

/**
 * The file's kind from its first bytes (magic numbers), never from its name or the client's Content-Type.
 * A PDF must start with `%PDF-` (no leading junk: a polyglot that is HTML first is not a PDF here).
 */
export function sniffFileKind(bytes: Uint8Array): UploadKind | null {
  if (startsWith(bytes, PDF)) return 'pdf';
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'webp';
  return null;
}
