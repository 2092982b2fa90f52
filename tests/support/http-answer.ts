/**
 * One HTTP request through node:http rather than fetch, for tests that need
 * what fetch will not do: a Host header of their choosing, a chosen local
 * address, or a fresh connection. The answer is read whole, as text.
 */
import { type RequestOptions, request as httpRequest } from 'node:http';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export function requestAnswer(options: RequestOptions, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(options, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
