import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { describe, expect, it } from 'vitest';
import type { Machine } from '../../shared/machine';
import { MachineCard } from './MachineCard';

const machine: Machine = {
  id: 'RVM-1',
  coordinates: [22.2842, 114.2152],
  area: 'HONG_KONG',
  district: 'EASTERN',
  status: 'Full',
  under_maintenance: false,
  service_status: 0,
  name_en: 'Kornhill Plaza',
  name_zht: '',
  name_zhs: '',
  address_en: '2 Kornhill Road',
  address_zht: '',
  address_zhs: '',
  service_hour_en: 'Mon-Sun 10:00-22:00',
  service_hour_zht: '',
  service_hour_zhs: '',
};

function renderCard(hideDivider?: boolean) {
  const { container } = render(
    <Provider store={createStore()}>
      <MantineProvider env="test">
        <MachineCard machine={machine} hideDivider={hideDivider} />
      </MantineProvider>
    </Provider>,
  );
  return container;
}

// The divider has no role or text a person could find, so it is looked up by Mantine's class.
const dividers = (container: HTMLElement) => container.querySelectorAll('.mantine-Divider-root');

describe('MachineCard divider (docs/spec.md#the-machine-card)', () => {
  it('shows a divider below the card by default', () => {
    const container = renderCard();
    expect(screen.getByRole('heading', { name: 'Kornhill Plaza' })).toBeTruthy();
    expect(dividers(container)).toHaveLength(1);
    const article = screen.getByRole('article', { name: 'Kornhill Plaza' });
    expect(article.lastElementChild?.classList.contains('mantine-Divider-root')).toBe(true);
  });

  it('hides it when told to', () => {
    expect(dividers(renderCard(true))).toHaveLength(0);
  });

  it('shows a neutral placeholder, not a broken image, when there is no photo', () => {
    renderCard();
    expect(screen.getByRole('img', { name: 'No photo of this machine' }).getAttribute('src')).toMatch(
      /placeholder|^data:image\/svg/,
    );
    expect(screen.queryByRole('button', { name: /Show the photo/ })).toBeNull();
  });
});
