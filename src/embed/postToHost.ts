import type { Machine } from '../../shared/machine';
import { runtimeConfig } from '../runtimeConfig';
import { isAllowedOrigin, isHttpOrigin } from './origins';

export type OutgoingMessage = { type: 'rvm:ready' } | { type: 'rvm:machine'; machine: Machine };

/** The origin of the page embedding us, as far as the browser tells (ancestorOrigins, else the referrer). */
export function parentOrigin(): string | null {
  const ancestors = window.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors[0] ?? null;
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}

/**
 * Where outgoing messages may go. The parent's origin when it is known and allowed. When the browser does
 * not say (no ancestorOrigins, no referrer), every exact allowed origin: postMessage delivers to at most
 * the one the parent really has. '*' only when no allowlist is set. The page's own origin is one of them
 * unless it is opaque ("null", a frame sandboxed without allow-same-origin): postMessage refuses "null".
 */
export function outgoingTargetOrigins(
  allowlist: readonly string[],
  parent: string | null,
  selfOrigin: string,
): string[] {
  if (parent !== null && isHttpOrigin(parent)) {
    return isAllowedOrigin(parent, allowlist, selfOrigin) ? [parent] : [];
  }
  if (allowlist.length === 0) return ['*'];
  const exact = allowlist.filter((entry) => !entry.includes('*') && entry !== selfOrigin);
  return selfOrigin === 'null' ? exact : [selfOrigin, ...exact];
}

export function postToHost(message: OutgoingMessage): void {
  if (window.parent === window) return;
  // A plain copy: structured clone refuses anything the machine object might carry beyond data.
  const data = JSON.parse(JSON.stringify(message)) as OutgoingMessage;
  for (const target of outgoingTargetOrigins(runtimeConfig().embedOrigins, parentOrigin(), window.location.origin)) {
    window.parent.postMessage(data, target);
  }
}
