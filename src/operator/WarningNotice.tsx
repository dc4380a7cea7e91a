import { Alert, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A yellow notice whose title is dark text: Mantine's yellow title on its light yellow (2.7:1) fails WCAG's 4.5:1.
 */
export function WarningNotice({
  title,
  children,
  onClose,
  closeLabel,
}: {
  title?: string;
  children: ReactNode;
  onClose?: () => void;
  /** The close button's name, for a notice that can be closed. */
  closeLabel?: string;
}) {
  return (
    <Alert
      color="yellow"
      title={
        title && (
          <Text fw={700} c="dark.8" span>
            {title}
          </Text>
        )
      }
      withCloseButton={onClose !== undefined}
      onClose={onClose}
      closeButtonLabel={closeLabel}
    >
      {children}
    </Alert>
  );
}
