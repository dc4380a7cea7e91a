import { Button, Flex, type ButtonProps } from '@mantine/core';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useT } from '../i18n/useT';
import { machinesAtom } from '../machines/machinesAtom';
import { showMessageAtom } from '../messages/messageAtom';
import { loadOpeningHours } from '../openNow/openingHoursLib';
import { requestFocusAtom } from '../selection/selectionAtoms';
import { distanceMetres } from './distance';
import { nearestTakingBottles } from './eligibility';
import { geolocationAtom, locateAtom } from './geolocationAtom';
import { isKioskAtom, kioskHereAtom } from '../kiosk/kioskAtom';
import { sortingByDistanceAtom, sortOrderAtom } from './sortAtoms';

/**
 * 'Near me' sorts the list by distance; 'Nearest open machine' flies to the nearest machine that
 * takes bottles now. Either asks for the position on the first press, never before. A kiosk does not ask its
 * browser, which rarely knows: told its place, its list is already nearest first and 'Nearest open machine' starts
 * from there; not told, neither shows.
 */
export function NearMe({ onChoose, size }: { onChoose?: () => void; size?: ButtonProps['size'] }) {
  const store = useStore();
  const sorting = useAtomValue(sortingByDistanceAtom);
  const locating = useAtomValue(geolocationAtom).state === 'locating';
  const setSortOrder = useSetAtom(sortOrderAtom);
  const kiosk = useAtomValue(isKioskAtom);
  const here = useAtomValue(kioskHereAtom);
  const t = useT();

  const position = async () => {
    if (here) return here;
    const g = store.get(geolocationAtom);
    return g.state === 'located' ? g.position : store.set(locateAtom);
  };
  const nearMe = async () => {
    if (sorting) return setSortOrder('list');
    if (await position()) setSortOrder('distance');
  };
  const nearest = async () => {
    const [from] = await Promise.all([position(), loadOpeningHours().catch(() => null)]);
    if (!from) return;
    const machine = nearestTakingBottles(store.get(machinesAtom), from, new Date(), distanceMetres);
    if (!machine) return store.set(showMessageAtom, t('nearby.noneOpen'));
    setSortOrder('distance');
    store.set(requestFocusAtom, machine.id);
    onChoose?.();
  };

  if (kiosk && !here) return null;
  return (
    // Side by side when both labels fit, one above the other at large text sizes.
    <Flex gap="xs" wrap="wrap">
      {!kiosk && (
        <Button
          flex="1 0 auto"
          size={size}
          variant={sorting ? 'filled' : 'default'}
          aria-pressed={sorting}
          loading={locating}
          onClick={() => void nearMe()}
        >
          {t('nearby.nearMe')}
        </Button>
      )}
      <Button flex="1 0 auto" size={size} variant="light" disabled={locating} onClick={() => void nearest()}>
        {t('nearby.nearest')}
      </Button>
    </Flex>
  );
}
