import { Button, Group, type ButtonProps } from '@mantine/core';
import { useSetAtom } from 'jotai';
import { useT } from '../i18n/useT';
import { applySearchNowAtom, resetFiltersAtom } from './filterAtoms';

/** Reset: every filter and the search back to 'all'. */
export function ResetButton({ size }: { size?: ButtonProps['size'] }) {
  const reset = useSetAtom(resetFiltersAtom);
  const t = useT();
  return (
    <Button variant="default" size={size} onClick={() => reset()}>
      {t('filter.reset')}
    </Button>
  );
}

/** Search: the typed text applies at once, without waiting for the debounce. */
export function SearchButton({ onSearch }: { onSearch?: () => void }) {
  const applyNow = useSetAtom(applySearchNowAtom);
  const t = useT();
  return (
    <Button
      onClick={() => {
        applyNow();
        onSearch?.();
      }}
    >
      {t('filter.search')}
    </Button>
  );
}

/** Reset and Search side by side, sharing the width (the phone's filter sheet). */
export function FilterActions({ onSearch }: { onSearch?: () => void }) {
  return (
    <Group grow gap="xs">
      <ResetButton />
      <SearchButton onSearch={onSearch} />
    </Group>
  );
}
