/**
 * Writing the access log (docs/architecture.md, 'The access log'): an action
 * anyone can cause at will (COUNTED_ACTIONS) goes on its counted row, one per
 * source network, route and actor each quarter hour; every other action is a
 * row of its own, written once.
 */
import { type AuditAction, isCountedAction } from '../../shared/audit-actions';
import { routeOf } from '../../shared/routes';
import { clientNetwork } from '../platform/http/client-network';
import type { AccessLogStore } from './ports';
import type { ApiRequest } from '../platform/http/request';

/** Writes `actor` did `action` to `target` in this request, at `now()`. */
export type AccessLogger = (actor: string, action: AuditAction, target: string) => Promise<void>;

export function accessLogger(store: AccessLogStore, request: ApiRequest, now: () => number): AccessLogger {
  return (actor, action, target) => {
    const entry = {
      actor,
      action,
      target,
      clientAddress: request.clientAddress,
      requestId: request.requestId,
      at: now(),
    };
    // Counted by network, as the limits count (an IPv6 sender has a whole /64 of addresses to vary).
    return isCountedAction(entry.action)
      ? store.count({ ...entry, action: entry.action, clientAddress: clientNetwork(entry.clientAddress) })
      : store.record(entry);
  };
}

/**
 * The route a refused call was for, as the route table writes it
 * (`GET /api/detail/{index}`): never the path as sent, which a sender could
 * make new with every call and so a new counted row.
 */
export function routeTarget(request: ApiRequest): string {
  const route = routeOf(request.method, request.path);
  return `${request.method} ${route?.path ?? '(no route)'}`;
}
