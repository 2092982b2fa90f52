/**
 * Fault injection of the local stack: one proxy in front of each emulator
 * (the endpoints the stack's SDK clients use) and the control endpoint that
 * switches them. The mailbox page and the set-up (tables, buckets) talk to
 * the emulators directly, so a developer can still read captured mail while
 * SES is "down".
 */
import { type FaultControl, type FaultState, type FaultSwitch, startFaultControl } from './control-server';
import { FAULT_SERVICES, type Fault, type FaultService } from './faults';
import { type FaultProxy, startFaultProxy } from './fault-proxy';

export interface FaultInjection extends FaultSwitch {
  /** The endpoints to give the SDK clients: each service through its proxy. */
  endpoints: Record<FaultService, string>;
  control: Pick<FaultControl, 'url' | 'key'>;
  stop(): Promise<void>;
}

export async function startFaultInjection(
  targets: Record<FaultService, string>,
  host: string,
): Promise<FaultInjection> {
  const proxies = {} as Record<FaultService, FaultProxy>;
  try {
    for (const service of FAULT_SERVICES)
      proxies[service] = await startFaultProxy({ service, target: targets[service], host });
  } catch (error) {
    // A failed start lets go of the ports it took.
    await Promise.all(Object.values(proxies).map((proxy) => proxy.stop()));
    throw error;
  }
  const faults: FaultSwitch = {
    state: () =>
      Object.fromEntries(
        FAULT_SERVICES.map((service) => [
          service,
          { fault: proxies[service].fault, waiting: proxies[service].waiting },
        ]),
      ) as FaultState,
    set: (service: FaultService, fault: Fault) => proxies[service].set(fault),
  };
  const control = await startFaultControl(faults, host);
  return {
    ...faults,
    endpoints: Object.fromEntries(FAULT_SERVICES.map((service) => [service, proxies[service].endpoint])) as Record<
      FaultService,
      string
    >,
    control: { url: control.url, key: control.key },
    async stop() {
      await control.stop();
      await Promise.all(FAULT_SERVICES.map((service) => proxies[service].stop()));
    },
  };
}
