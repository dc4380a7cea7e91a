import { Button, Group } from '@mantine/core';
import { useSetAtom } from 'jotai';
import { useT } from '../i18n/useT';
import { applySearchNowAtom, resetFiltersAtom } from './filterAtoms';

export function FilterActions({ onSearch }: { onSearch?: () => void }) {
  const reset = useSetAtom(resetFiltersAtom);
  const applyNow = useSetAtom(applySearchNowAtom);
  const t = useT();
  return (
    <Group grow gap="xs">
      <Button variant="default" onClick={() => reset()}>
        {t('filter.reset')}
      </Button>
      <Button
        onClick={() => {
          applyNow();
          onSearch?.();
        }}
      >
        {t('filter.search')}
      </Button>
    </Group>
  );
}
