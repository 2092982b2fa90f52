/**
 * How each service says it is unavailable, in its own protocol, so the SDK
 * reads a refusal as that service's 503 (a failure it answered: retried by
 * the SDK, and by the outbox for mail, never taken for a send that may have
 * gone through).
 */
import type { ServerResponse } from 'node:http';
import type { FaultService } from './faults';

const MESSAGE = 'Service unavailable (a fault injected by the local stack)';

const REFUSALS: Record<FaultService, { headers: Record<string, string>; body: string }> = {
  dynamodb: {
    headers: { 'Content-Type': 'application/x-amz-json-1.0' },
    body: JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#ServiceUnavailableException', message: MESSAGE }),
  },
  s3: {
    headers: { 'Content-Type': 'application/xml' },
    body: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>ServiceUnavailable</Code><Message>${MESSAGE}</Message></Error>`,
  },
  ses: {
    headers: { 'Content-Type': 'application/json', 'X-Amzn-ErrorType': 'ServiceUnavailableException' },
    body: JSON.stringify({ message: MESSAGE }),
  },
  translate: {
    headers: { 'Content-Type': 'application/x-amz-json-1.1' },
    body: JSON.stringify({ __type: 'ServiceUnavailableException', message: MESSAGE }),
  },
};

export function sendRefusal(service: FaultService, response: ServerResponse): void {
  const { headers, body } = REFUSALS[service];
  // The connection closes after this answer: the client's next try opens a new one, which is refused.
  response.writeHead(503, { ...headers, 'Content-Length': String(Buffer.byteLength(body)), Connection: 'close' });
  response.end(body);
}
