import type { Machine } from '../machines/machine';

export type OutgoingMessage = { type: 'rvm:ready' } | { type: 'rvm:machine'; machine: Machine };

/**
 * Origins allowed to embed the page, from the build (VITE_EMBED_ORIGINS, comma separated).
 * Empty: any host may embed it, and messages go out with target '*'.
 */
export const EMBED_ORIGINS: readonly string[] = (import.meta.env.VITE_EMBED_ORIGINS ?? '')
  .split(',')
  .map((s: string) => s.trim())
  .filter(Boolean);

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

/** Where outgoing messages may go: the parent's origin when it is allowed; never '*' once an allowlist is set. */
export function outgoingTargetOrigin(allowlist: readonly string[] = EMBED_ORIGINS): string | null {
  if (allowlist.length === 0) return '*';
  const origin = parentOrigin();
  return origin && allowlist.includes(origin) ? origin : null;
}

export function postToHost(message: OutgoingMessage): void {
  if (window.parent === window) return;
  const target = outgoingTargetOrigin();
  if (target === null) return;
  window.parent.postMessage(JSON.parse(JSON.stringify(message)) as OutgoingMessage, target);
}
