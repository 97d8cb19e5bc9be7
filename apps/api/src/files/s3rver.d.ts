// s3rver (a local S3-compatible server for the store's tests) ships no types; only what the tests use.
declare module 's3rver' {
  type Options = { address?: string; port?: number; silent?: boolean; directory: string; configureBuckets?: { name: string; configs?: unknown[] }[] };
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
