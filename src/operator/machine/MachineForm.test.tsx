import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderConsole, TEST_SESSION } from '../../../tests/support/consoleRender';
import { testMachine } from '../../../tests/support/testMachine';
import { fleetAtom, fleetOf } from '../fleet/fleetAtoms';
import en from '../i18n/locales/en.json';
import { MachineForm } from './MachineForm';
import { useMachine } from '../fleet/useMachine';

const userEvent = userEventLib.setup({ delay: null });

const MACHINE = testMachine('RVM-001', {
  name_en: 'Plaza',
  name_zht: '廣場',
  name_zhs: '广场',
  address_en: '1 Main Street',
  address_zht: '大街一號',
  address_zhs: '大街一号',
  service_hour_en: '24 hours',
  service_hour_zht: '24 小時',
  service_hour_zhs: '24 小时',
});

function LiveForm() {
  const machine = useMachine(MACHINE.id);
  return machine ? <MachineForm machine={machine} /> : null;
}

async function renderForm(session = TEST_SESSION) {
  const view = renderConsole(<LiveForm />, { session });
  view.store.set(fleetAtom, fleetOf([MACHINE]));
  await screen.findByRole('group', { name: en.machine.languageEn });
  return view;
}

/** The English name field, of the three Name fields (one per language). */
const englishName = () =>
  within(screen.getByRole('group', { name: en.machine.languageEn })).getByRole('textbox', { name: en.machine.name });

describe('the machine form', { timeout: 30_000 }, () => {
  it('sends only what changed, with the CSRF token, and shows the machine as the server answers', async () => {
    const { calls } = fakeServer((call) => ({
      status: 200,
      body: { success: true, rvm: { ...MACHINE, ...(call.body as object), service_status: 1 } },
    }));
    const { store } = await renderForm();
    const save = await screen.findByRole('button', { name: en.machine.save });
    expect(save).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('switch', { name: en.machine.outOfService }));
    await userEvent.clear(englishName());
    await userEvent.type(englishName(), '  Plaza Tower ');
    await userEvent.click(save);
    expect(await screen.findByText(en.console.saved)).toBeTruthy();
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.path).toBe('/api/operator/machines/RVM-001');
    expect(patch.body).toEqual({ service_status: 1, name_en: 'Plaza Tower' });
    expect(patch.headers.get('x-csrf-token')).toBe(TEST_SESSION.csrfToken);
    expect(store.get(fleetAtom)?.rows[0]?.machine.name_en).toBe('Plaza Tower');
    expect(englishName()).toHaveProperty('value', 'Plaza Tower');
    expect(screen.getByRole('button', { name: en.machine.save })).toHaveProperty('disabled', true);
  });

  it("shows the server's problems beside their fields, in the person's language, and changes nothing", async () => {
    fakeServer(() => ({
      status: 400,
      body: {
        success: false,
        msg: 'invalidMachine',
        problems: [
          { field: 'name_en', code: 'textLength', params: { max: 10 } },
          { field: 'service_status', code: 'notOneOf', params: { options: [0, 1] } },
        ],
      },
    }));
    const { store } = await renderForm();
    await userEvent.type(englishName(), ' with a long name');
    await userEvent.click(screen.getByRole('switch', { name: en.machine.outOfService }));
    await userEvent.click(screen.getByRole('button', { name: en.machine.save }));
    expect(await screen.findByText('At most 10 characters.')).toBeTruthy();
    expect(screen.getByText(en.problem.notOneOf)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(en.error.invalidMachine);
    expect(store.get(fleetAtom)?.rows[0]?.machine.name_en).toBe('Plaza');
    // What the person typed stays, to be put right.
    expect(englishName()).toHaveProperty('value', 'Plaza with a long name');
  });

  it('checks what is typed before sending: an empty name cannot be saved', async () => {
    const { calls } = fakeServer(() => undefined);
    await renderForm();
    await userEvent.clear(englishName());
    expect(await screen.findByText(en.problem.required)).toBeTruthy();
    expect(screen.getByRole('button', { name: en.machine.save })).toHaveProperty('disabled', true);
    expect(calls).toEqual([]);
  });

  it('keeps the changes the person made when the machine changes meanwhile, and takes the rest', async () => {
    fakeServer(() => undefined);
    const { store } = await renderForm();
    await userEvent.clear(englishName());
    await userEvent.type(englishName(), 'Mine');
    store.set(fleetAtom, fleetOf([{ ...MACHINE, name_en: 'Theirs', under_maintenance: true }]));
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: en.machine.underMaintenance })).toHaveProperty('checked', true),
    );
    expect(englishName()).toHaveProperty('value', 'Mine');
  });

  it('lets a viewer look and change nothing', async () => {
    fakeServer(() => undefined);
    await renderForm({ ...TEST_SESSION, role: 'viewer' });
    expect(await screen.findByText(en.console.readOnly)).toBeTruthy();
    // Disabled by their fieldset.
    expect(englishName().matches(':disabled')).toBe(true);
    expect(screen.getByRole('switch', { name: en.machine.underMaintenance }).matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: en.machine.save })).toBeNull();
  });
});
