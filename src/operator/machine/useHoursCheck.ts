import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { nowAtom } from '../../clock/nowAtom';
import { loadOpeningHours, openingHoursLibrary } from '../../openNow/openingHoursLib';
import { checkOpeningHours, type HoursCheck } from './openingHoursCheck';

/** The structured hours checked as they are typed; null while the library (its own chunk) is on its way. */
export function useHoursCheck(value: string): HoursCheck | null {
  const now = useAtomValue(nowAtom);
  const [loaded, setLoaded] = useState(() => openingHoursLibrary() !== null);
  useEffect(() => {
    if (!loaded) void loadOpeningHours().then(() => setLoaded(true));
  }, [loaded]);
  return useMemo(() => {
    const library = loaded ? openingHoursLibrary() : null;
    return library ? checkOpeningHours(value, library, now) : null;
  }, [loaded, value, now]);
}
