import { Anchor, type AnchorProps } from '@mantine/core';
import { useSetAtom } from 'jotai';
import type { MouseEvent, ReactNode } from 'react';
import { navigateAtom } from '../router/routeAtom';

/** A link to a console page: a real link (a new tab works), followed without a page load. */
export function ConsoleLink({
  to,
  children,
  onFollow,
  ...props
}: AnchorProps & { to: string; children: ReactNode; onFollow?: () => void; title?: string; 'aria-current'?: 'page' }) {
  const navigate = useSetAtom(navigateAtom);
  const search = window.location.search;
  const href = to.includes('?') ? to : to + search;
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate({ path: href, replace: false });
    onFollow?.();
  };
  return (
    <Anchor href={href} onClick={follow} {...props}>
      {children}
    </Anchor>
  );
}
