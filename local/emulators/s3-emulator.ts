/**
 * The local S3: fauxqs (maintained, objects kept in an SQLite file in the
 * data folder) behind a small front server that adds what a request meets on
 * real S3 and fauxqs leaves out: each request's signature checked as S3
 * checks it, with the local stack's keys (s3-signatures.ts: presigned links
 * and `Authorization` headers; s3-post-policy.ts: a browser's form upload,
 * its policy's signature and conditions), so a signing mistake fails here as
 * it would on S3; CORS for the site's origins; the answer headers a signed GET
 * names (`response-content-disposition` and the like); a conditional put
 * (`If-None-Match: *`, the access log's copy) that S3 refuses with 412 when
 * the key is taken; object tags (s3-tagging.ts), with the malware scan's
 * stand-in tagging each attachment as GuardDuty does (malware-scan.ts).
 */
import { type IncomingMessage, type ServerResponse, Agent, Server, createServer, request as forward } from 'node:http';
import type { AddressInfo, ListenOptions } from 'node:net';
import { join } from 'node:path';
import { startFauxqs } from 'fauxqs';
import { refuseForeignHost } from '../server/host-guard';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../stack-names';
import { readBody } from '../server/read-body';
import type { ScannedPrefix } from './malware-scan';
import { ObjectTags } from './object-tags';
import { sendRefusal, xmlError } from './s3-errors';
import { postFormProblem } from './s3-post-policy';
import { isPresigned, signatureProblem } from './s3-signatures';
import type { S3Key, S3Keys } from './sigv4-keys';
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

/** The answer headers a presigned GET may set by its query (S3's GetObject `Response…` parameters), by the query's name. */
const RESPONSE_OVERRIDES = {
  'response-content-disposition': 'content-disposition',
  'response-content-type': 'content-type',
  'response-cache-control': 'cache-control',
  'response-content-language': 'content-language',
  'response-content-encoding': 'content-encoding',
  'response-expires': 'expires',
} as const;

/** The answer headers a signed GET asks for (`response-content-disposition` and the like), by their header names. */
export function answerOverrides(url: string): Record<string, string> {
  const query = new URL(url, 'http://s3').searchParams;
  const headers: Record<string, string> = {};
  for (const [name, header] of Object.entries(RESPONSE_OVERRIDES)) {
    const value = query.get(name);
    if (value !== null) headers[header] = value;
  }
  return headers;
}

export async function startS3Emulator(options: {
  dataDir: string;
  host: string;
  corsOrigins: string[];
  /** Where the malware scan's stand-in scans each object put (the inbound bucket's attachments/). */
  scanned?: ScannedPrefix;
  /** The region S3 answers for, and the keys it knows (the local stack's unless given): a request signed otherwise is refused. */
  region?: string;
  keys?: readonly S3Key[];
  /** The clock a link's expiry is read on; Date.now unless a test moves it. */
  now?: () => number;
}): Promise<S3Emulator> {
  const keys: S3Keys = {
    region: options.region ?? LOCAL_REGION,
    keys: options.keys ?? [LOCAL_CREDENTIALS],
    now: options.now ?? Date.now,
  };
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
    const type = request.headers['content-type'] ?? '';
    const url = request.url ?? '/';
    // A browser's form upload carries its signature in the form, not in the query or a header.
    if (
      request.method === 'POST' &&
      /^multipart\/form-data/i.test(type) &&
      !request.headers.authorization &&
      !isPresigned(url)
    )
      return answerForm(request, response, type);
    void signatureProblem({ method: request.method ?? 'GET', url, headers: request.headers }, keys).then(
      (problem) => {
        if (!problem) return answerSigned(request, response);
        request.resume();
        sendRefusal(response, problem);
      },
      () => {
        request.resume();
        xmlError(response, 500, 'InternalError', 'The signature could not be checked.');
      },
    );
  });

  /** A request whose signature S3 would take, answered by fauxqs with what S3 adds. */
  const answerSigned = (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '/';
    if (isTaggingRequest(url)) {
      return void answerTagging(tagging, request, response).catch(() => {
        if (!response.headersSent) xmlError(response, 502, 'InternalError', 'The emulator did not answer.');
      });
    }
    // A put or delete of an object (a bucket's has no key after its name) drops its tags; a put may be scanned.
    const onObject = /^\/[^/?]+\/[^?]/.test(url);
    const tagsFollow = onObject && (request.method === 'PUT' || request.method === 'DELETE');
    const afterWrite = tagsFollow ? (status: number) => afterObjectWrite(tagging, request, status) : undefined;
    if (request.method === 'PUT' && request.headers['if-none-match'] === '*') {
      // Checked, then written, one after the other: a local stack's writers do not race for one key.
      const head = forward(
        {
          host: options.host,
          port: emulator.port,
          method: 'HEAD',
          path: url,
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
    if (request.method === 'GET' || request.method === 'HEAD')
      return pass(request, response, undefined, answerOverrides(url));
    pass(request, response, undefined, {}, afterWrite);
  };

  /** A browser's presigned POST: its signature and policy checked, then the same bytes handed to fauxqs. */
  const answerForm = (request: IncomingMessage, response: ServerResponse, type: string) =>
    void (async () => {
      const body = await readBody(request, MAX_POST_BYTES);
      if (!body)
        return xmlError(response, 400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
      const form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
      const fields = new Map<string, string>();
      const fileSizes: number[] = [];
      for (const [name, value] of form) {
        if (typeof value === 'string') fields.set(name.toLowerCase(), value);
        else fileSizes.push(value.size);
      }
      const bucket = decodeURIComponent(new URL(request.url ?? '/', 'http://s3').pathname.split('/')[1] ?? '');
      const fileSize = fileSizes.length === 1 ? fileSizes[0] : undefined;
      const problem = await postFormProblem({ fields, fileSize }, bucket, keys);
      if (problem) return sendRefusal(response, problem);
      pass(request, response, body);
    })().catch(() => {
      if (!response.headersSent)
        xmlError(
          response,
          400,
          'MalformedPOSTRequest',
          'The body of your POST request is not well-formed multipart/form-data.',
        );
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
