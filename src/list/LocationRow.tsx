import { UnstyledButton } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { localeAtom } from '../i18n/localeAtom';
import { useT } from '../i18n/useT';
import { displayStateOf } from '../machines/displayState';
import type { Machine } from '../../shared/machine';
import { machineText } from '../machines/text';
import { statusCaptionText } from '../machines/statusCaption';
import { MARKER_IMAGES } from '../legend/markerImages';
import { MachineDistance } from '../nearby/MachineDistance';
import { useDistanceText } from '../nearby/useDistanceText';
import { requestFocusAtom } from '../selection/selectionAtoms';
import classes from './LocationList.module.css';

interface LocationRowProps {
  machine: Machine;
  /** Zero-based place in the whole filtered list, not only among the drawn rows. */
  position: number;
  setSize: number;
  /** px from the top of the list */
  top: number;
  tabbable: boolean;
  onFocus: () => void;
  onChoose?: (machine: Machine) => void;
}

/** One machine of the Location List: a button that flies the map to it. */
export function LocationRow({ machine, position, setSize, top, tabbable, onFocus, onChoose }: LocationRowProps) {
  const locale = useAtomValue(localeAtom);
  const requestFocus = useSetAtom(requestFocusAtom);
  const distance = useDistanceText(machine);
  const t = useT();
  return (
    <li
      className={classes.item}
      style={{ transform: `translateY(${top}px)` }}
      aria-posinset={position + 1}
      aria-setsize={setSize}
      data-row={position}
    >
      <UnstyledButton
        className={classes.row}
        tabIndex={tabbable ? 0 : -1}
        onFocus={onFocus}
        onClick={() => {
          requestFocus(machine.id);
          onChoose?.(machine);
        }}
      >
        <span className={classes.name}>
          <img src={MARKER_IMAGES[displayStateOf(machine)]} alt="" width={16} height={16} />
          <span className={classes.clamp}>{machineText(machine, 'name', locale)}</span>
        </span>
        <span className={`${classes.address} ${classes.clamp}`}>
          <span className={classes.visuallyHidden}>
            {t('list.address')}
            {t('punctuation.colon')}
          </span>
          <MachineDistance text={distance} />
          {machineText(machine, 'address', locale)}
          {/* The status picture is decorative: the list is the only way to the machines without sight, so the row's
              name ends with the caption the picture stands for. */}
          <span className={classes.inlineHidden}>
            {t('list.rowStatus', { status: statusCaptionText(machine, locale) })}
          </span>
        </span>
      </UnstyledButton>
    </li>
  );
}
