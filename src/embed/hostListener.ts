import { parseHostMessage, type HostSettings } from './hostMessage';
import { isAllowedOrigin } from './origins';

export interface HostContext {
  /** The window that embeds the page, or null when the page is not framed (then nothing is accepted). */
  parent: unknown;
  allowlist: readonly string[];
  selfOrigin: string;
}

/** The settings carried by a message event, when it comes from the parent window at an allowed origin. */
export function acceptHostEvent(
  event: Pick<MessageEvent, 'source' | 'origin' | 'data'>,
  context: HostContext,
): HostSettings | null {
  if (context.parent === null || event.source !== context.parent) return null;
  if (!isAllowedOrigin(event.origin, context.allowlist, context.selfOrigin)) return null;
  return parseHostMessage(event.data);
}

/** Listens for the host's settings messages on `win`; returns the function that stops listening. */
export function listenToHost(
  win: Window,
  allowlist: readonly string[],
  apply: (settings: HostSettings) => void,
): () => void {
  const context: HostContext = {
    parent: win.parent === win ? null : win.parent,
    allowlist,
    selfOrigin: win.location.origin,
  };
  const onMessage = (event: MessageEvent) => {
    const settings = acceptHostEvent(event, context);
    if (settings) apply(settings);
  };
  win.addEventListener('message', onMessage);
  return () => win.removeEventListener('message', onMessage);
}
