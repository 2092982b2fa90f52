/**
 * The client of the fault control endpoint: `npm run fault` and the load run
 * switch faults through it, as a developer would while `npm start` runs.
 */
import type { FaultState } from './control-server';
import type { Fault, FaultService } from './faults';

export interface FaultControlAddress {
  url: string;
  key: string;
}

export interface FaultControlClient {
  state(): Promise<FaultState>;
  set(service: FaultService, fault: Fault): Promise<FaultState>;
  /** Every service back up. */
  restoreAll(): Promise<FaultState>;
}

export function faultControlClient(address: FaultControlAddress): FaultControlClient {
  const call = async (method: string, path: string, body?: unknown): Promise<FaultState> => {
    const response = await fetch(`${address.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${address.key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await response.json()) as FaultState | { message: string };
    if (!response.ok)
      throw new Error(
        `Fault control answered ${response.status}: ${'message' in answer ? answer.message : JSON.stringify(answer)}`,
      );
    return answer as FaultState;
  };
  return {
    state: () => call('GET', '/faults'),
    set: (service, fault) => call('PUT', `/faults/${service}`, fault),
    restoreAll: () => call('DELETE', '/faults'),
  };
}
