/**
 * A bare HTTP client for hostile requests: any method, raw body bytes, any
 * headers Node lets through, no redirect following, no body decoding. fetch
 * would refuse or rewrite half of what the fuzzer sends.
 */
import { Agent, request } from 'node:http';

export interface RawRequest {
  method: string;
  /** Path and query, percent-encoded as on the wire. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 });

export function sendRaw(baseUrl: string, outgoing: RawRequest): Promise<RawAnswer> {
  const base = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const call = request(
      {
        host: base.hostname,
        port: base.port,
        method: outgoing.method,
        path: outgoing.path,
        agent,
        headers: { ...outgoing.headers, ...(outgoing.body ? { 'content-length': String(outgoing.body.length) } : {}) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body, text: body.toString('utf8') });
        });
        response.on('error', reject);
      },
    );
    call.on('error', reject);
    call.end(outgoing.body);
  });
}
