import { Box, Button, chakra, Flex, Grid, Text, VisuallyHidden } from '@chakra-ui/react';
import { useId } from 'react';
import { MobileField, TextField } from '../auth/fields';
import { FormAlert } from '../auth/formParts';
import { nativeSelectStyle } from '../nativeFieldStyle';
import { bindTextField, InlineForm, InlineFormActions } from './InlineForm';
import { MOBILE_RE, mobileMessage } from '../../../openapi/rules/mobile';

/**
 * 收货地址 inline on the reward page and the personal centre (props-only): consignee, mobile, a province → city → county
 * picker fed level by level from /v1/jd/cities, and the street address.
 */
export interface RegionOption {
  id: number;
  name: string;
}

export interface ConsigneeFormValues {
  name: string;
  mobile: string;
  provinceId: number | null;
  cityId: number | null;
  countyId: number | null;
  address: string;
}

export type ConsigneeField = keyof ConsigneeFormValues;

export interface ConsigneeFormProps {
  values: ConsigneeFormValues;
  errors: Partial<Record<ConsigneeField | 'region', string | null>>;
  provinces: RegionOption[];
  cities: RegionOption[];
  counties: RegionOption[];
  /** Which level is loading its options. */
  loadingLevel?: 'province' | 'city' | 'county' | null;
  regionsError?: string | null;
  submitting: boolean;
  formError?: string | null;
  onChange?: (field: ConsigneeField, value: string | number | null) => void;
  onBlur?: (field: ConsigneeField) => void;
  onRetryRegions?: () => void;
  onSubmit?: () => void;
  onCancel?: () => void;
}

const Select = chakra('select', { base: nativeSelectStyle });

/** The picker's levels: each is chosen once the level above it is, from the options loaded for it. */
const REGION_LEVELS = [
  { level: 'province', field: 'provinceId', label: '省份', options: 'provinces', parent: null },
  { level: 'city', field: 'cityId', label: '城市', options: 'cities', parent: 'provinceId' },
  { level: 'county', field: 'countyId', label: '区县', options: 'counties', parent: 'cityId' },
] as const;

function RegionSelect({
  label,
  value,
  options,
  disabled,
  loading,
  invalid,
  onChange,
}: {
  label: string;
  value: number | null;
  options: RegionOption[];
  disabled: boolean;
  loading: boolean;
  invalid: boolean;
  onChange: (id: number | null) => void;
}) {
  const id = useId();
  return (
    <Box>
      <VisuallyHidden asChild>
        <label htmlFor={id}>{label}</label>
      </VisuallyHidden>
      <Select
        id={id}
        value={value ?? ''}
        disabled={disabled || loading}
        aria-invalid={invalid || undefined}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
      >
        <option value="">{loading ? '加载中…' : `选择${label}`}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </Select>
    </Box>
  );
}

export function ConsigneeForm(props: ConsigneeFormProps) {
  const { values, errors, submitting, loadingLevel } = props;
  const regionError = errors.region ?? errors.provinceId ?? errors.cityId ?? errors.countyId ?? null;
  return (
    <InlineForm label="收货地址" testId="consignee-form" onSubmit={props.onSubmit}>
      <TextField
        label="收货人"
        placeholder="收货人姓名"
        autoComplete="name"
        maxLength={20}
        {...bindTextField(props, 'name')}
      />
      <MobileField label="收货人手机号" {...bindTextField(props, 'mobile')} />
      <Box role="group" aria-label="所在地区">
        <Grid templateColumns={{ base: '1fr', sm: 'repeat(3, 1fr)' }} gap="2">
          {REGION_LEVELS.map(({ level, field, label, options, parent }) => {
            const parentChosen = parent === null || !!values[parent];
            return (
              <RegionSelect
                key={level}
                label={label}
                value={values[field]}
                options={props[options]}
                disabled={submitting || !parentChosen}
                loading={loadingLevel === level}
                invalid={!!regionError && parentChosen && !values[field]}
                onChange={(v) => props.onChange?.(field, v)}
              />
            );
          })}
        </Grid>
        {regionError && (
          <Text role="alert" mt="1.5" fontSize="13px" color="red.600">
            {regionError}
          </Text>
        )}
        {props.regionsError && (
          <Flex mt="1.5" align="center" gap="2" fontSize="13px" color="red.600" role="alert">
            <Text>{props.regionsError}</Text>
            <Button size="xs" variant="outline" onClick={props.onRetryRegions}>
              重新加载
            </Button>
          </Flex>
        )}
      </Box>
      <TextField
        label="详细地址"
        placeholder="街道、小区、楼栋门牌号"
        autoComplete="street-address"
        maxLength={120}
        {...bindTextField(props, 'address')}
      />
      {props.formError && <FormAlert>{props.formError}</FormAlert>}
      <InlineFormActions submitting={submitting} loadingText="保存中…" onCancel={props.onCancel}>
        保存地址
      </InlineFormActions>
    </InlineForm>
  );
}

/** Field checks matching the contract's ConsigneeBody. */
export function consigneeErrors(v: ConsigneeFormValues): Partial<Record<ConsigneeField | 'region', string>> {
  const out: Partial<Record<ConsigneeField | 'region', string>> = {};
  if (!v.name.trim()) out.name = '请填写收货人';
  else if (v.name.trim().length > 20) out.name = '收货人姓名最多 20 个字';
  if (!MOBILE_RE.test(v.mobile)) out.mobile = mobileMessage(v.mobile);
  if (!v.provinceId || !v.cityId || !v.countyId) out.region = '请选择完整的省、市、区县';
  if (v.address.trim().length < 4) out.address = '详细地址至少 4 个字';
  return out;
}
