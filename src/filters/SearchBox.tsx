import { CloseButton, TextInput } from '@mantine/core';
import { useAtom, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../config';
import { useT } from '../i18n/useT';
import { SearchIcon } from '../ui/icons';
import { applySearchNowAtom, searchInputAtom, searchQueryAtom } from './filterAtoms';

/** The location search box; the filter follows it after 200 ms, or at once on Enter (docs/spec.md#validation-rules). */
export function SearchBox({ autoFocus = false }: { autoFocus?: boolean }) {
  const [input, setInput] = useAtom(searchInputAtom);
  const setQuery = useSetAtom(searchQueryAtom);
  const applyNow = useSetAtom(applySearchNowAtom);
  const t = useT();
  useEffect(() => {
    const timer = setTimeout(() => setQuery(input), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input, setQuery]);
  return (
    <TextInput
      type="search"
      // The placeholder, the magnifier and the Search button beside it say what the box is for.
      aria-label={t('filter.searchLabel')}
      placeholder={t('filter.searchPlaceholder')}
      value={input}
      autoFocus={autoFocus}
      onChange={(e) => setInput(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') applyNow();
      }}
      leftSection={<SearchIcon size="1rem" />}
      rightSection={
        input ? <CloseButton size="sm" aria-label={t('filter.clearSearch')} onClick={() => setInput('')} /> : null
      }
    />
  );
}
