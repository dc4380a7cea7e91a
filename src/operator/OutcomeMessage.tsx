import { Alert, Text } from '@mantine/core';

export type Outcome = { ok: boolean; text: string } | null;

/**
 * What came of an action, said where it was taken: a success read out politely, a failure at once. Both live
 * regions are always in the page, so that a screen reader hears what appears in them.
 */
export function OutcomeMessage({ outcome }: { outcome: Outcome }) {
  return (
    <div>
      <div role="status">{outcome?.ok && <Text c="brand.8">{outcome.text}</Text>}</div>
      <div role="alert">{outcome && !outcome.ok && <Alert color="red">{outcome.text}</Alert>}</div>
    </div>
  );
}
