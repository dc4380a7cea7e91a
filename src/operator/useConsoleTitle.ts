import { useEffect } from 'react';

/** Names the browser tab after the page shown ("Machines · Operator console"). */
export function useConsoleTitle(...parts: string[]): void {
  const title = parts.filter(Boolean).join(' · ');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
