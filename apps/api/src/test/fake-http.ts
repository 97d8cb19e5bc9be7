import type { IncomingMessage } from 'node:http';

/** The whole body of a request to a local fake service, as text. */
export const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString('utf8')));
    req.on('end', () => resolve(data));
  });
