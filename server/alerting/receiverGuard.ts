import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isLocalhostName, parseIp, parseNetwork, refusalOf, type RefusedKind } from '../alerts/receiverAddress';

/** An address a host name resolves to, as dns.lookup gives it. */
export interface ResolvedAddress {
  address: string;
  family: number;
}
/** Every address a host name resolves to; rejects when it resolves to none. */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system's resolver (getaddrinfo, as a connection uses it), every address in the order it gives them. */
export const systemResolve: ResolveHost = (hostname) => dns.promises.lookup(hostname, { all: true, order: 'verbatim' });

/** A name that takes longer than this to resolve is not a receiver today. */
const RESOLVE_TIMEOUT_MS = 5_000;

/** A receiver at an address the deployment does not send to. */
export class ReceiverRefusedError extends Error {
  override name = 'ReceiverRefusedError';
  constructor(
    readonly address: string,
    readonly kind: RefusedKind,
  ) {
    super(`refused: ${address} (${kind}) is not a public address, and RVM_WEBHOOK_ALLOW_NETWORKS does not allow it`);
  }
}

/** A receiver's host name that resolves to nothing (or not in time). */
export class ReceiverUnresolvedError extends Error {
  override name = 'ReceiverUnresolvedError';
}

/**
 * Where webhooks may go (decision 0060): a receiver's host is resolved, and every address it resolves to must be
 * public or in a network the deployment allows. The connection then goes to those checked addresses
 * (`pinnedLookup`), so a name that resolves differently a moment later (DNS rebinding) cannot send it elsewhere.
 */
export interface ReceiverGuard {
  /** The addresses to connect to for `hostname` (a name or an IP literal, bracketed or not), each checked. */
  addresses(hostname: string): Promise<ResolvedAddress[]>;
}

export function receiverGuard(
  allowNetworks: readonly string[],
  resolveHost: ResolveHost = systemResolve,
): ReceiverGuard {
  const allowed = allowNetworks.map((text) => {
    const network = parseNetwork(text);
    if (!network) throw new Error(`not a network: ${text}`); // the configuration checked it already
    return network;
  });

  const resolve = async (bare: string): Promise<ResolvedAddress[]> => {
    const literal = parseIp(bare);
    if (literal) return [{ address: bare, family: literal.length === 4 ? 4 : 6 }];
    if (isLocalhostName(bare)) return [{ address: '127.0.0.1', family: 4 }];
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new ReceiverUnresolvedError(`${bare} did not resolve within ${RESOLVE_TIMEOUT_MS} ms`)),
        RESOLVE_TIMEOUT_MS,
      );
    });
    try {
      const found = await Promise.race([resolveHost(bare), timedOut]);
      if (found.length === 0) throw new ReceiverUnresolvedError(`${bare} resolves to no address`);
      return found;
    } catch (error) {
      if (error instanceof ReceiverUnresolvedError) throw error;
      const code = (error as { code?: unknown }).code;
      throw new ReceiverUnresolvedError(`${bare} does not resolve (${typeof code === 'string' ? code : 'no answer'})`);
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    async addresses(hostname) {
      const found = await resolve(hostname.startsWith('[') ? hostname.slice(1, -1) : hostname);
      // One internal address among public ones is enough to refuse: the connection could go to any of them.
      for (const { address } of found) {
        const kind = refusalOf(address, allowed);
        if (kind !== null) throw new ReceiverRefusedError(address, kind);
      }
      return found;
    },
  };
}

/** A connection's `lookup` option that answers only `addresses` (checked already), whatever name it is asked. */
export function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (hostname, options, callback) => {
    const wanted = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0);
    const usable = addresses.filter(({ family }) => wanted === 0 || family === wanted);
    if (usable.length === 0) {
      callback(new ReceiverUnresolvedError(`${hostname} has no IPv${wanted} address`), '', 0);
    } else if (options.all) {
      callback(null, usable);
    } else {
      callback(null, usable[0]!.address, usable[0]!.family);
    }
  };
}
