import { em, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `md` breakpoint (the spec's mobile breakpoint). */
export function useIsMobile(): boolean {
  const theme = useMantineTheme();
  const md = parseFloat(theme.breakpoints.md);
  return useMediaQuery(`(max-width: ${em(md * 16 - 0.1)})`, false, { getInitialValueInEffect: false }) ?? false;
}
