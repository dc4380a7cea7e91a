/** One valid import row (validate, feed fields, extra fields tests); each test changes only what it is about. */
export const GOOD_ROW = {
  id: 'RVM-012',
  coordinates: [22.3287, 114.1912],
  area: 'KOWLOON',
  district: 'KOWLOON CITY',
  status: '<=40%',
  under_maintenance: false,
  service_status: 0,
  name_en: 'Name',
  name_zht: '名稱',
  name_zhs: '名称',
  address_en: 'Address',
  address_zht: '地址',
  address_zhs: '地址',
  service_hour_en: '24 hours',
  service_hour_zht: '24小時',
  service_hour_zhs: '24小时',
};

export { NO_FEED_FIELDS } from '../fixtures/noFeedFields';

/** Every item of an async iterable, in order (Array.fromAsync comes with Node 22). */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}
