import { Stack } from '@mantine/core';
import { AreaFilter } from './AreaFilter';
import { DistrictFilter } from './DistrictFilter';
import { OpenNowSwitch } from '../openNow/OpenNowSwitch';
import { StatusFilter } from './StatusFilter';

export function FilterFields() {
  return (
    <Stack gap="xs">
      <StatusFilter />
      <AreaFilter />
      <DistrictFilter />
      <OpenNowSwitch />
    </Stack>
  );
}
