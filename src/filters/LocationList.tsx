import { ScrollArea, Text, UnstyledButton } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { useId } from 'react';
import { localeAtom } from '../i18n/localeAtom';
import { useT } from '../i18n/useT';
import { displayStateOf } from '../machines/displayState';
import type { Machine } from '../machines/machine';
import { machineText } from '../machines/text';
import { MARKER_IMAGES } from '../legend/markerImages';
import { requestFocusAtom } from '../ui/uiAtoms';
import { filteredMachinesAtom } from './filterAtoms';
import classes from './LocationList.module.css';

/** The filtered machines as a list with an address column; choosing one flies the map to it. */
export function LocationList({ onChoose }: { onChoose?: (machine: Machine) => void }) {
  const machines = useAtomValue(filteredMachinesAtom);
  const locale = useAtomValue(localeAtom);
  const requestFocus = useSetAtom(requestFocusAtom);
  const t = useT();
  const headingId = useId();
  return (
    <section className={classes.section} aria-labelledby={headingId}>
      <div className={classes.heading}>
        <Text id={headingId} component="h2" fw={700} size="md" m={0}>
          {t('list.title')}
        </Text>
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('list.count', { count: machines.length })}
        </Text>
      </div>
      <div className={classes.columns} aria-hidden="true">
        <span>{t('list.name')}</span>
        <span>{t('list.address')}</span>
      </div>
      <ScrollArea className={classes.scroll} type="auto" offsetScrollbars>
        {machines.length === 0 ? (
          <Text size="sm" c="dimmed" p="sm">
            {t('list.empty')}
          </Text>
        ) : (
          <ul className={classes.list} aria-labelledby={headingId}>
            {machines.map((m) => (
              <li key={m.id}>
                <UnstyledButton
                  className={classes.row}
                  onClick={() => {
                    requestFocus(m.id);
                    onChoose?.(m);
                  }}
                >
                  <span className={classes.name}>
                    <img src={MARKER_IMAGES[displayStateOf(m)]} alt="" width={16} height={16} />
                    {machineText(m, 'name', locale)}
                  </span>
                  <span className={classes.address}>
                    <span className={classes.visuallyHidden}>{t('list.address')}: </span>
                    {machineText(m, 'address', locale)}
                  </span>
                </UnstyledButton>
              </li>
            ))}
          </ul>
        )}
      </ScrollArea>
    </section>
  );
}
