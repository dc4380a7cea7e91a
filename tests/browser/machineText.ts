/** The service hours of a test machine in the three languages. */
export interface ServiceHours {
  en: string;
  zht: string;
  zhs: string;
}

export const ALL_DAY: ServiceHours = { en: '24 hours', zht: '24小時', zhs: '24小时' };

/** A test machine's names, addresses and service hours: `zh` for both Chinese scripts, the address after the name. */
export const machineText = (en: string, zh: string, hours: ServiceHours = ALL_DAY) => ({
  name_en: en,
  name_zht: zh,
  name_zhs: zh,
  address_en: `${en} address`,
  address_zht: `${zh}地址`,
  address_zhs: `${zh}地址`,
  service_hour_en: hours.en,
  service_hour_zht: hours.zht,
  service_hour_zhs: hours.zhs,
});
