import type { Machine } from '../../shared/machine';

/** A machine for unit tests: in service, available, in Kwun Tong, named by its id; `over` sets any field. */
export const testMachine = (id: string, over: Partial<Machine> = {}): Machine => ({
  id,
  coordinates: [22.3, 114.17],
  area: 'KOWLOON',
  district: 'KWUN TONG',
  status: '>40%',
  under_maintenance: false,
  service_status: 0,
  name_en: id,
  name_zht: id,
  name_zhs: id,
  address_en: '',
  address_zht: '',
  address_zhs: '',
  service_hour_en: '',
  service_hour_zht: '',
  service_hour_zhs: '',
  ...over,
});
