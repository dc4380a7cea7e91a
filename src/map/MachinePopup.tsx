import { CloseButton } from '@mantine/core';
import { Popup } from 'react-map-gl/maplibre';
import { useAtom, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { MachineCard } from '../card/MachineCard';
import { photoMachineIdAtom } from '../card/photoAtom';
import { selectedMachineIdAtom } from '../selection/selectionAtoms';
import { machineByIdAtom } from '../machines/machinesAtom';
import { MARKER_ICON_SIZE_PX } from '../config';
import { useT } from '../i18n/useT';
import { localeAtom } from '../i18n/localeAtom';
import { machineText } from '../machines/text';
import classes from './MachinePopup.module.css';

/** The HTML popup at the selected machine; it follows the map. Close button, Escape or a map click close it. */
export function MachinePopup() {
  const [selectedId, setSelectedId] = useAtom(selectedMachineIdAtom);
  const photoOpen = useAtomValue(photoMachineIdAtom) !== null;
  const machine = useAtomValue(machineByIdAtom).get(selectedId ?? '');
  const locale = useAtomValue(localeAtom);
  const t = useT();

  useEffect(() => {
    if (!machine || photoOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setSelectedId(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [machine, photoOpen, setSelectedId]);

  if (!machine) return null;
  return (
    <Popup
      longitude={machine.coordinates[1]}
      latitude={machine.coordinates[0]}
      anchor="bottom"
      offset={[0, -MARKER_ICON_SIZE_PX] as [number, number]}
      closeButton={false}
      closeOnClick={false}
      maxWidth="22rem"
      className={classes.popup}
      onClose={() => setSelectedId(null)}
    >
      <div className={classes.content} role="dialog" aria-label={machineText(machine, 'name', locale)}>
        <CloseButton
          className={classes.close}
          size="sm"
          aria-label={t('card.close')}
          onClick={() => setSelectedId(null)}
        />
        <MachineCard machine={machine} hideDivider />
      </div>
    </Popup>
  );
}
