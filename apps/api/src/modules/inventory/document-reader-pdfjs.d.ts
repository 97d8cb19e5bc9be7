// pdfjs-dist ships no types for its worker module; the reader only hands the module object to pdfjs.
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
