import { describe, expect, it } from 'vitest';
import { testMachine } from '../../../tests/support/testMachine';
import { checkMachineEdit } from './editCheck';
import { editOf, formFieldOf, patchOf } from './machineEdit';

const MACHINE = testMachine('A-1', {
  name_en: 'Plaza',
  address_en: '1 Main St',
  service_hour_en: '24 hours',
  address_zht: '大街一號',
  address_zhs: '大街一号',
  service_hour_zht: '24 小時',
  service_hour_zhs: '24 小时',
  opening_hours: '24/7',
});

describe('patchOf', () => {
  it('sends nothing when nothing changed', () => {
    expect(patchOf(editOf(MACHINE), MACHINE)).toEqual({});
  });

  it('sends only what changed, with the API names and the texts trimmed', () => {
    const values = {
      ...editOf(MACHINE),
      status: 'Full' as const,
      outOfService: true,
      deactivated: true,
      name_zht: '  廣場 ',
      opening_hours: ' Mo-Fr 08:00-20:00 ',
    };
    expect(patchOf(values, MACHINE)).toEqual({
      status: 'Full',
      service_status: 1,
      deactivated: true,
      name_zht: '廣場',
      opening_hours: 'Mo-Fr 08:00-20:00',
    });
  });

  it('clears the structured hours with null', () => {
    expect(patchOf({ ...editOf(MACHINE), opening_hours: '  ' }, MACHINE)).toEqual({ opening_hours: null });
  });

  it('never sends an unknown status back', () => {
    const unknown = { ...MACHINE, status: null };
    expect(patchOf(editOf(unknown), unknown)).toEqual({});
  });
});

describe('checkMachineEdit', () => {
  it('finds nothing wrong with a machine as it is', () => {
    expect(checkMachineEdit(editOf(MACHINE), MACHINE)).toEqual([]);
  });

  it("names each empty or too long text by its field, with the machine contract's codes", () => {
    const values = { ...editOf(MACHINE), name_en: ' ', address_zhs: 'x'.repeat(201), opening_hours: 'y'.repeat(201) };
    expect(checkMachineEdit(values, MACHINE)).toEqual([
      { field: 'name_en', code: 'required', params: {} },
      { field: 'address_zhs', code: 'textLength', params: { max: 200 } },
      { field: 'opening_hours', code: 'textLength', params: { max: 200 } },
    ]);
  });
});

describe('formFieldOf', () => {
  it('puts a problem with service_status beside the out-of-service switch', () => {
    expect(formFieldOf('service_status')).toBe('outOfService');
    expect(formFieldOf('name_en')).toBe('name_en');
  });
});
