import { Text } from '@mantine/core';
import type { ListMessage } from './useListChanges';

/** How the last change went: a status when it worked, an alert when it did not. */
export function ListMessageText({ message }: { message: ListMessage | null }) {
  if (!message) return null;
  return (
    <Text role={message.ok ? 'status' : 'alert'} c={message.ok ? undefined : 'red.8'}>
      {message.text}
    </Text>
  );
}
