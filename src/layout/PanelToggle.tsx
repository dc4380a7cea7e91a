import { Button } from '@mantine/core';
import { useAtom } from 'jotai';
import { useT } from '../i18n/useT';
import { ChevronUpIcon, FilterIcon } from '../ui/icons';
import { panelOpenAtom } from '../filters/filterPanelAtom';

export function PanelToggle({ controls }: { controls: string }) {
  const [open, setOpen] = useAtom(panelOpenAtom);
  const t = useT();
  return (
    <Button
      variant={open ? 'subtle' : 'filled'}
      size="compact-md"
      aria-expanded={open}
      aria-controls={controls}
      leftSection={open ? <ChevronUpIcon size="1rem" /> : <FilterIcon size="1rem" />}
      onClick={() => setOpen(!open)}
    >
      {open ? t('filter.hidePanel') : t('filter.showPanel')}
    </Button>
  );
}
