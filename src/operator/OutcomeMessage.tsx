import { Alert, Text } from '@mantine/core';

export type Outcome = { ok: boolean; text: string } | null;

/**
 * What came of an action, said where it was taken: a success read out politely (the status region is always in
 * the page, so that a screen reader hears what appears in it), a failure at once (an alert).
 */
export function OutcomeMessage({ outcome }: { outcome: Outcome }) {
  return (
    <div>
      <div role="status">{outcome?.ok && <Text c="brand.8">{outcome.text}</Text>}</div>
      {outcome && !outcome.ok && <Alert color="red">{outcome.text}</Alert>}
    </div>
  );
}
