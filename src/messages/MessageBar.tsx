import { Notification } from '@mantine/core';
import { useAtom } from 'jotai';
import { useEffect } from 'react';
import { MESSAGE_BAR_TIMEOUT_MS } from '../config';
import { useT } from '../i18n/useT';
import { messageAtom } from './messageAtom';
import classes from './MessageBar.module.css';

/** Shows the latest notification for 3 s (docs/spec.md#the-map-screen). */
export function MessageBar() {
  const [message, setMessage] = useAtom(messageAtom);
  const t = useT();
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), MESSAGE_BAR_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [message, setMessage]);
  return (
    <div className={classes.bar} role="status" aria-live="polite">
      {message && (
        <Notification
          key={message.id}
          color="red"
          withBorder
          onClose={() => setMessage(null)}
          closeButtonProps={{ 'aria-label': t('card.close') }}
        >
          {message.text}
        </Notification>
      )}
    </div>
  );
}
