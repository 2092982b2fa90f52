/**
 * What the local S3 front (s3-emulator.ts) answers about object tags, which
 * fauxqs leaves out: GetObjectTagging, PutObjectTagging and
 * DeleteObjectTagging (`?tagging` on an object), from ObjectTags; and, after
 * fauxqs stored or removed an object, what S3 and GuardDuty do then: the
 * object's old tags dropped, and an object under the scanned prefix read back
 * and tagged with the malware scan stand-in's result (malware-scan.ts)
 * before the put is answered.
 */
import { type Agent, type IncomingMessage, type ServerResponse, request as forward } from 'node:http';
import { readBody } from '../server/read-body';
import { type ScannedPrefix, isScanned, scanTags } from './malware-scan';
import { type ObjectTags, parseTaggingXml, taggingXml } from './object-tags';

/** S3 takes at most 10 tags of 128 + 256 characters: a tagging body is small. */
const MAX_TAGGING_BYTES = 64 * 1024;

export interface TaggingContext {
  tags: ObjectTags;
  /** fauxqs's own address, and the front's agent to it. */
  host: string;
  port: number;
  agent: Agent;
  scanned?: ScannedPrefix;
  xmlError: (response: ServerResponse, status: number, code: string, message: string) => void;
}

/** An object's path as the tags know it: `/<bucket>/<key>`, decoded, without the query. */
export function objectPath(url: string): string {
  return decodeURIComponent(new URL(url, 'http://s3').pathname);
}

export function isTaggingRequest(url: string): boolean {
  return new URL(url, 'http://s3').searchParams.has('tagging');
}

/** One bodiless call to fauxqs (HEAD or GET of an object's path): its status, and its body. */
function call(
  context: TaggingContext,
  method: 'HEAD' | 'GET',
  url: string,
  host: string,
): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const path = new URL(url, 'http://s3').pathname;
    const upstream = forward(
      { host: context.host, port: context.port, method, path, headers: { host }, agent: context.agent },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => resolve({ status: answer.statusCode ?? 502, body: Buffer.concat(chunks) }));
        answer.on('error', reject);
      },
    );
    upstream.on('error', reject);
    upstream.end();
  });
}

/** Answers `?tagging` on an object as S3 does: NoSuchKey for an object that is not there. */
export async function answerTagging(
  context: TaggingContext,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const url = request.url ?? '/';
  const path = objectPath(url);
  const head = await call(context, 'HEAD', url, request.headers.host ?? '');
  if (head.status !== 200) {
    request.resume();
    return context.xmlError(response, 404, 'NoSuchKey', 'The specified key does not exist.');
  }
  if (request.method === 'GET') {
    response.writeHead(200, { 'Content-Type': 'application/xml' });
    return void response.end(taggingXml(context.tags.get(path)));
  }
  if (request.method === 'PUT') {
    const body = await readBody(request, MAX_TAGGING_BYTES);
    if (!body) return context.xmlError(response, 400, 'MalformedXML', 'The tagging is too large.');
    context.tags.set(path, parseTaggingXml(body.toString('utf8')));
    response.writeHead(200);
    return void response.end();
  }
  if (request.method === 'DELETE') {
    context.tags.forget(path);
    response.writeHead(204);
    return void response.end();
  }
  request.resume();
  context.xmlError(response, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
}

/**
 * What follows an object's put or delete that fauxqs answered with `status`,
 * before the front answers it: the object's tags dropped, and a put under the
 * scanned prefix read back, scanned and tagged (as GuardDuty would, only at
 * once).
 */
export async function afterObjectWrite(
  context: TaggingContext,
  request: IncomingMessage,
  status: number,
): Promise<void> {
  if (status < 200 || status > 299) return;
  const url = request.url ?? '/';
  const path = objectPath(url);
  context.tags.forget(path);
  if (request.method !== 'PUT' || !isScanned(path, context.scanned)) return;
  const stored = await call(context, 'GET', url, request.headers.host ?? '');
  if (stored.status === 200) context.tags.set(path, scanTags(stored.body));
}
