import { useAtomValue } from 'jotai';
import { Marker } from 'react-map-gl/maplibre';
import { useT } from '../i18n/useT';
import { kioskHereAtom } from '../kiosk/kioskAtom';
import classes from './HereMarker.module.css';

/** A kiosk's place on the map, as a blue dot labelled "You are here"; nothing where the kiosk was not told it. */
export function HereMarker() {
  const here = useAtomValue(kioskHereAtom);
  const t = useT();
  if (!here) return null;
  return (
    <Marker latitude={here[0]} longitude={here[1]} anchor="center" className={classes.marker}>
      <span className={classes.dot} aria-hidden="true" />
      <span className={classes.label}>{t('kiosk.here')}</span>
    </Marker>
  );
}
