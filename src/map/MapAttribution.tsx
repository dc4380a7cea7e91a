import { useAtomValue } from 'jotai';
import { useT } from '../i18n/useT';
import { isKioskAtom } from '../kiosk/kioskAtom';
import classes from './MapAttribution.module.css';

export const LANDS_DEPARTMENT_DISCLAIMER_URL = 'https://api.portal.hkmapservice.gov.hk/disclaimer';

/** The attribution the Lands Department asks for, in the interface language. */
export function MapAttribution() {
  const t = useT();
  // A kiosk has no tabs to open: the credit stays, the link goes.
  const kiosk = useAtomValue(isKioskAtom);
  return (
    <div className={classes.attribution}>
      {kiosk ? (
        <span>© {t('map.attribution')}</span>
      ) : (
        <a href={LANDS_DEPARTMENT_DISCLAIMER_URL} target="_blank" rel="noopener noreferrer">
          © {t('map.attribution')}
        </a>
      )}
      <span aria-hidden="true"> · </span>
      <span>Natural Earth</span>
    </div>
  );
}
