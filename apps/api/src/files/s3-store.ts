import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import { assertStorageKey, FileMissingError, type FileStore } from './store';

export type S3Options = {
  /** `https://s3.us-east-1.amazonaws.com`, `http://127.0.0.1:9000` (MinIO), ... */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` (MinIO, most S3-compatible servers) instead of `bucket.endpoint/key` (AWS). */
  pathStyle: boolean;
  /** Per request; a stalled bucket fails the upload instead of holding the request forever. */
  timeoutMs?: number;
};

/**
 * An S3-compatible bucket through plain fetch signed with AWS Signature V4 (`aws4fetch`, no SDK): PUT, GET and
 * DELETE of one object are all the store needs.
 */
export class S3FileStore implements FileStore {
  readonly kind = 's3';
  private readonly client: AwsClient;
  private readonly base: string;

  constructor(private readonly opts: S3Options) {
    this.client = new AwsClient({ accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey, region: opts.region, service: 's3' });
    const url = new URL(opts.endpoint);
    const root = url.pathname.replace(/\/$/, '');
    this.base = opts.pathStyle ? `${url.origin}${root}/${encodeURIComponent(opts.bucket)}` : `${url.protocol}//${opts.bucket}.${url.host}${root}`;
  }

  private urlOf(key: string): string {
    assertStorageKey(key);
    return `${this.base}/${key.split('/').map(encodeURIComponent).join('/')}`;
  }

  private async send(method: 'PUT' | 'GET' | 'DELETE', key: string, init: RequestInit = {}): Promise<Response> {
    return this.client.fetch(this.urlOf(key), { ...init, method, signal: AbortSignal.timeout(this.opts.timeoutMs ?? 30_000) });
  }

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    const res = await this.send('PUT', key, { body, headers: { 'content-type': contentType, 'content-length': String(body.byteLength) } });
    await failUnlessOk(res, `PUT ${key}`);
    await res.body?.cancel();
  }

  async get(key: string): Promise<Readable> {
    const res = await this.send('GET', key);
    if (res.status === 404) {
      await res.body?.cancel();
      throw new FileMissingError(key);
    }
    await failUnlessOk(res, `GET ${key}`);
    if (!res.body) return Readable.from([]);
    return Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
  }

  async delete(key: string): Promise<void> {
    const res = await this.send('DELETE', key);
    if (res.status !== 404) await failUnlessOk(res, `DELETE ${key}`);
    await res.body?.cancel();
  }
}

/** A refused request is an infrastructure failure (500 to the client, details in the log): S3's code and message. */
async function failUnlessOk(res: Response, what: string): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()).slice(0, 500);
  const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? '';
  throw new Error(`S3 ${what}: ${res.status} ${code}`.trim());
}
