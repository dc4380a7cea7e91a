import { Checkbox, SimpleGrid, Text } from '@mantine/core';
import { DISTRICTS, type District } from '../../../shared/machine';
import { useT } from '../../i18n/useT';
import { useConsoleT } from '../i18n/useConsoleT';

/** The districts a person or a token reaches, as 18 checkboxes in one group; none ticked = every district. */
export function DistrictChecks({
  value,
  onChange,
  disabled,
}: {
  value: District[];
  onChange: (districts: District[]) => void;
  disabled: boolean;
}) {
  const t = useConsoleT();
  const tPublic = useT();
  return (
    <Checkbox.Group
      label={t('people.districts')}
      description={disabled ? t('people.adminDistricts') : t('people.districtsHint')}
      value={disabled ? [] : value}
      onChange={(chosen) => onChange(DISTRICTS.filter((d) => chosen.includes(d)))}
    >
      <SimpleGrid cols={2} spacing={6} mt="xs">
        {DISTRICTS.map((district) => (
          <Checkbox key={district} value={district} label={tPublic(`district.${district}`)} disabled={disabled} />
        ))}
      </SimpleGrid>
      {!disabled && value.length === 0 && (
        <Text size="sm" mt={4} c="dimmed">
          {t('people.everyDistrict')}
        </Text>
      )}
    </Checkbox.Group>
  );
}
