import { render, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../shared/machine';
import { localeAtom } from '../i18n/localeAtom';
import { staleAfterMsAtom } from '../machines/machinesAtom';
import { storeWrapper } from '../../tests/support/storeWrapper';
import { Legend } from './Legend';

function renderLegend(locale: Locale, staleAfterMin: number) {
  const store = createStore();
  store.set(localeAtom, locale);
  store.set(staleAfterMsAtom, staleAfterMin * 60_000);
  render(<Legend />, { wrapper: storeWrapper(store) });
  return screen.getByRole('region').textContent ?? '';
}

describe('the legend’s note on grey markers (RVM_STALE_AFTER_MIN)', () => {
  it.each([
    ['en', 1, 'for over 1 minute:'],
    ['en', 30, 'for over 30 minutes:'],
    ['zht', 1, '超過 1 分鐘沒有回報'],
    ['zhs', 1, '超过 1 分钟未上报'],
  ] as const)('in %s at %i minute(s) reads "%s"', (locale, minutes, expected) => {
    expect(renderLegend(locale, minutes)).toContain(expected);
  });
});
