/**
 * The local S3: fauxqs (maintained, objects kept in an SQLite file in the
 * data folder) behind a small front server that adds what a browser upload
 * meets on real S3 and fauxqs leaves out: CORS for the site's origins, and
 * the presigned POST policy (expiry, size range, exact fields), checked
 * before the upload is stored; a presigned GET's expiry and the answer's
 * headers it names (`response-content-disposition` and the like, which
 * fauxqs leaves out), so a download link behaves as on S3; and a conditional put (`If-None-Match: *`,
 * the access log's copy) that S3 refuses with 412 when the key is taken; object tags (s3-tagging.ts), with the
 * malware scan's stand-in tagging each attachment as GuardDuty does (malware-scan.ts). Signatures are not checked,
 * as by every emulator: upload security never rests on this, the server checks each
 * stored object before a package may use it.
 */
import { type IncomingMessage, type ServerResponse, Agent, Server, createServer, request as forward } from 'node:http';
import type { AddressInfo, ListenOptions } from 'node:net';
import { join } from 'node:path';
import { startFauxqs } from 'fauxqs';
import { refuseForeignHost } from '../server/host-guard';
import { readBody } from '../server/read-body';
import type { ScannedPrefix } from './malware-scan';
import { ObjectTags } from './object-tags';
import { type TaggingContext, afterObjectWrite, answerTagging, isTaggingRequest } from './s3-tagging';

/** Real S3 takes at most 5 GB in one POST; the images and exports here are far below this. */
const MAX_POST_BYTES = 20 * 1024 * 1024;

export interface S3Emulator {
  endpoint: string;
  /** fauxqs's own port behind the front (for the check that it listens on loopback only). */
  backendPort: number;
  stop(): Promise<void>;
}

/**
 * fauxqs always listens on every interface (its address is not an option);
 * a development machine's data stays on loopback, so its listen call is
 * pointed at `host` while it starts. Nothing else listens during that await.
 */
async function listeningOn<T>(host: string, start: () => Promise<T>): Promise<T> {
  const original = Server.prototype.listen;
  Server.prototype.listen = function listenOnHost(this: Server, ...args: unknown[]) {
    const [options] = args;
    if (options && typeof options === 'object' && (options as ListenOptions).host === '0.0.0.0')
      args[0] = { ...options, host };
    return (original as (...all: unknown[]) => Server).apply(this, args);
  } as typeof original;
  try {
    return await start();
  } finally {
    Server.prototype.listen = original;
  }
}

interface PostPolicy {
  expiration: string;
  conditions: (Record<string, string> | [string, ...unknown[]])[];
}

/** Why S3 would refuse this POST form under its policy, or `undefined` when it passes. */
export function postPolicyProblem(
  fields: Map<string, string>,
  fileSize: number,
  bucket: string,
  now = Date.now(),
): string | undefined {
  const encoded = fields.get('policy');
  if (!encoded) return 'the form carries no policy';
  let policy: PostPolicy;
  try {
    policy = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as PostPolicy;
  } catch {
    return 'the policy is not base64 JSON';
  }
  if (!(Date.parse(policy.expiration) > now)) return 'the policy has expired';
  const value = (name: string) =>
    name.replace(/^\$/, '').toLowerCase() === 'bucket' ? bucket : fields.get(name.replace(/^\$/, '').toLowerCase());
  for (const condition of policy.conditions ?? []) {
    if (!Array.isArray(condition)) {
      for (const [name, expected] of Object.entries(condition))
        if (value(name) !== expected) return `${name} must be ${expected}`;
      continue;
    }
    const [operator, name, expected] = condition;
    if (operator === 'content-length-range') {
      if (fileSize < Number(name) || fileSize > Number(expected))
        return `the file's ${fileSize} bytes are outside ${String(name)}-${String(expected)}`;
    } else if (operator === 'eq') {
      if (value(String(name)) !== expected) return `${String(name)} must be ${String(expected)}`;
    } else if (operator === 'starts-with') {
      if (!(value(String(name)) ?? '').startsWith(String(expected)))
        return `${String(name)} must start with ${String(expected)}`;
    }
  }
  return undefined;
}

/** The answer headers a presigned GET may set by its query (S3's GetObject `Response…` parameters), by the query's name. */
const RESPONSE_OVERRIDES = {
  'response-content-disposition': 'content-disposition',
  'response-content-type': 'content-type',
  'response-cache-control': 'cache-control',
  'response-content-language': 'content-language',
  'response-content-encoding': 'content-encoding',
  'response-expires': 'expires',
} as const;

/**
 * What S3 would make of a presigned GET's query: refused once expired (its
 * `X-Amz-Date` plus `X-Amz-Expires` passed), else the answer headers it
 * names. A GET without a signature in its query is no presigned one.
 */
export function presignedGet(
  url: string,
  now = Date.now(),
): { problem: string } | { headers: Record<string, string> } | undefined {
  const query = new URL(url, 'http://s3').searchParams;
  const signedAt = query.get('X-Amz-Date');
  if (!signedAt || !query.get('X-Amz-Signature')) return undefined;
  const at = Date.parse(signedAt.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
  const expires = Number(query.get('X-Amz-Expires'));
  if (!Number.isFinite(at) || !Number.isInteger(expires) || now > at + expires * 1000)
    return { problem: 'Request has expired' };
  const headers: Record<string, string> = {};
  for (const [name, header] of Object.entries(RESPONSE_OVERRIDES)) {
    const value = query.get(name);
    if (value !== null) headers[header] = value;
  }
  return { headers };
}

function xmlError(response: ServerResponse, status: number, code: string, message: string) {
  response.writeHead(status, { 'Content-Type': 'application/xml' });
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message.replace(/[<&]/g, ' ')}</Message></Error>`,
  );
}

export async function startS3Emulator(options: {
  dataDir: string;
  host: string;
  corsOrigins: string[];
  /** Where the malware scan's stand-in scans each object put (the inbound bucket's attachments/). */
  scanned?: ScannedPrefix;
}): Promise<S3Emulator> {
  const emulator = await listeningOn(options.host, () =>
    startFauxqs({ port: 0, logger: false, dataDir: options.dataDir }),
  );
  const agent = new Agent({ keepAlive: true });
  const tagging: TaggingContext = {
    tags: new ObjectTags(join(options.dataDir, 'object-tags.json')),
    host: options.host,
    port: emulator.port,
    agent,
    ...(options.scanned ? { scanned: options.scanned } : {}),
    xmlError,
  };

  const pass = (
    request: IncomingMessage,
    response: ServerResponse,
    body?: Buffer,
    overrides: Record<string, string> = {},
    // What must happen once fauxqs answered and before the caller is answered (tags follow the object).
    before?: (status: number) => Promise<void>,
  ) => {
    const upstream = forward(
      {
        host: options.host,
        port: emulator.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
        agent,
      },
      (answer) => {
        const found = answer.statusCode === 200 || answer.statusCode === 206;
        const reply = () => {
          response.writeHead(answer.statusCode ?? 502, found ? { ...answer.headers, ...overrides } : answer.headers);
          answer.pipe(response);
        };
        if (!before) return reply();
        before(answer.statusCode ?? 502).then(reply, () => {
          answer.resume();
          xmlError(response, 500, 'InternalError', 'The object was stored, but its tags were not.');
        });
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) xmlError(response, 502, 'InternalError', 'The emulator did not answer.');
      else response.destroy();
    });
    if (body) upstream.end(body);
    else request.pipe(upstream);
  };

  const front = createServer((request, response) => {
    if (refuseForeignHost(request, response)) return;
    const origin = request.headers.origin;
    const allowed = origin !== undefined && options.corsOrigins.includes(origin);
    if (allowed) {
      response.setHeader('Access-Control-Allow-Origin', origin);
      response.setHeader('Access-Control-Expose-Headers', 'ETag');
      response.setHeader('Vary', 'Origin');
    }
    if (request.method === 'OPTIONS') {
      if (!allowed) return xmlError(response, 403, 'AccessForbidden', 'CORSResponse: this origin is not allowed.');
      response.writeHead(200, {
        'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT',
        'Access-Control-Allow-Headers': request.headers['access-control-request-headers'] ?? '*',
        'Access-Control-Max-Age': '600',
      });
      return response.end();
    }
    if (isTaggingRequest(request.url ?? '/')) {
      return void answerTagging(tagging, request, response).catch(() => {
        if (!response.headersSent) xmlError(response, 502, 'InternalError', 'The emulator did not answer.');
      });
    }
    // A put or delete of an object (a bucket's has no key after its name) drops its tags; a put may be scanned.
    const onObject = /^\/[^/?]+\/[^?]/.test(request.url ?? '');
    const tagsFollow = onObject && (request.method === 'PUT' || request.method === 'DELETE');
    const afterWrite = tagsFollow ? (status: number) => afterObjectWrite(tagging, request, status) : undefined;
    if (request.method === 'PUT' && request.headers['if-none-match'] === '*') {
      // Checked, then written, one after the other: a local stack's writers do not race for one key.
      const head = forward(
        {
          host: options.host,
          port: emulator.port,
          method: 'HEAD',
          path: request.url,
          headers: { host: request.headers.host ?? '' },
          agent,
        },
        (answer) => {
          answer.resume();
          if (answer.statusCode === 200) {
            request.resume();
            return xmlError(
              response,
              412,
              'PreconditionFailed',
              'At least one of the pre-conditions you specified did not hold',
            );
          }
          pass(request, response, undefined, {}, afterWrite);
        },
      );
      head.on('error', () => xmlError(response, 502, 'InternalError', 'The emulator did not answer.'));
      return head.end();
    }
    if (request.method === 'GET' || request.method === 'HEAD') {
      const presigned = presignedGet(request.url ?? '/');
      if (presigned && 'problem' in presigned) return xmlError(response, 403, 'AccessDenied', presigned.problem);
      return pass(request, response, undefined, presigned?.headers);
    }
    const type = request.headers['content-type'] ?? '';
    if (request.method !== 'POST' || !/^multipart\/form-data/i.test(type))
      return pass(request, response, undefined, {}, afterWrite);
    // A browser's presigned POST: check its policy, then hand the same bytes to fauxqs.
    void (async () => {
      const body = await readBody(request, MAX_POST_BYTES);
      if (!body) return xmlError(response, 400, 'EntityTooLarge', 'The upload is too large.');
      const form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
      const fields = new Map<string, string>();
      let fileSize = 0;
      for (const [name, value] of form) {
        if (typeof value === 'string') fields.set(name.toLowerCase(), value);
        else fileSize = value.size;
      }
      const bucket = decodeURIComponent(new URL(request.url ?? '/', 'http://s3').pathname.split('/')[1] ?? '');
      const problem = postPolicyProblem(fields, fileSize, bucket);
      if (problem) return xmlError(response, 403, 'AccessDenied', `Invalid according to Policy: ${problem}`);
      pass(request, response, body);
    })().catch(() => {
      if (!response.headersSent) xmlError(response, 400, 'MalformedPOSTRequest', 'The body is not a multipart form.');
    });
  });
  await new Promise<void>((resolve, reject) => {
    front.once('error', reject);
    front.listen(0, options.host, () => resolve());
  });

  return {
    endpoint: `http://${options.host}:${(front.address() as AddressInfo).port}`,
    backendPort: emulator.port,
    async stop() {
      await new Promise<void>((resolve) => {
        front.close(() => resolve());
        front.closeAllConnections();
      });
      agent.destroy();
      await emulator.stop();
    },
  };
}
