import { Text } from '@chakra-ui/react';
import type { z } from 'zod';
import { IdVerifyState } from '../../../openapi/enums';
import type { Consignee } from '../../../openapi/schemas/consignee';
import { ConsigneeForm, type ConsigneeFormProps } from '../../components/exchange/ConsigneeForm';
import { IdentityForm, type IdentityFormProps } from '../../components/exchange/IdentityForm';
import { BoxIcon, ShieldIcon, SurveyIcon } from '../../components/icons';
import { IconBadge } from '../../components/IconBadge';
import { PillLink } from '../../components/PillLink';
import { RowButton, SectionCard, SettingRow } from './parts';

export type Address = z.output<typeof Consignee>;
type IdState = (typeof IdVerifyState.list)[number];

export interface MoreSectionProps {
  /** 个人属性问卷 is done (targeting uses it). */
  surveyDone: boolean;
  /** Where 个人属性问卷 is; null while that page is not built. */
  surveyPath: string | null;
  idVerifyState: IdState;
  /** The delivery address: loading, none (null) or the saved one. */
  address: { status: 'loading' | 'ready' | 'error'; data: Address | null };
  /** The inline form open under its row. */
  openForm: 'identity' | 'address' | null;
  identityForm: IdentityFormProps;
  consigneeForm: ConsigneeFormProps;
  onOpenForm?: (form: 'identity' | 'address') => void;
}

const ID_TONE: Record<IdState, string> = { 0: 'orange.700', 1: 'gray.600', 2: 'green.700', 3: 'red.600' };

/** 更多资料: the personal questionnaire, real-name verification and the delivery address. */
export function MoreSection(p: MoreSectionProps) {
  const idOpen = p.openForm === 'identity';
  const addressOpen = p.openForm === 'address';
  const canVerify = p.idVerifyState === 0 || p.idVerifyState === 3;
  const a = p.address.data;
  return (
    <SectionCard id="more" title="更多资料" note="完善资料后可参与更多任务、兑换实物和现金奖励">
      <SettingRow
        testId="survey-row"
        icon={
          <IconBadge size="36px">
            <SurveyIcon />
          </IconBadge>
        }
        label="个人属性"
        value={
          p.surveyDone ? (
            '已完善'
          ) : (
            <Text as="span" color="orange.700">
              未完善
            </Text>
          )
        }
        hint="性别、年龄、职业等，用于为你匹配合适的问卷"
        action={
          p.surveyPath && (
            <PillLink to={p.surveyPath} px="4">
              {p.surveyDone ? '查看' : '去完善'}
            </PillLink>
          )
        }
      />
      <SettingRow
        testId="identity-row"
        icon={
          <IconBadge size="36px" tone="green">
            <ShieldIcon />
          </IconBadge>
        }
        label="实名认证"
        value={
          <Text as="span" color={ID_TONE[p.idVerifyState]}>
            {IdVerifyState.labels[p.idVerifyState]}
          </Text>
        }
        hint={p.idVerifyState === 2 ? '认证信息不能修改' : '兑换现金奖励前需完成实名认证'}
        action={
          canVerify &&
          !idOpen && (
            <RowButton onClick={() => p.onOpenForm?.('identity')} label="去实名认证">
              去认证
            </RowButton>
          )
        }
      >
        {idOpen && <IdentityForm {...p.identityForm} />}
      </SettingRow>
      <SettingRow
        testId="address-row"
        icon={
          <IconBadge size="36px">
            <BoxIcon />
          </IconBadge>
        }
        label="收货地址"
        value={
          p.address.status === 'loading' && !a ? (
            <Text as="span" color="gray.500">
              加载中…
            </Text>
          ) : a ? (
            <Text as="span">
              {a.name} {a.mobile.slice(0, 3)}****{a.mobile.slice(-4)} · {a.regionName} {a.address}
            </Text>
          ) : p.address.status === 'error' ? (
            <Text as="span" color="gray.500">
              暂时无法读取
            </Text>
          ) : (
            <Text as="span" color="gray.500">
              未填写
            </Text>
          )
        }
        hint="兑换实物奖励时寄到这里"
        action={
          !addressOpen && (
            <RowButton onClick={() => p.onOpenForm?.('address')} label={a ? '修改收货地址' : '填写收货地址'}>
              {a ? '修改' : '填写'}
            </RowButton>
          )
        }
      >
        {addressOpen && <ConsigneeForm {...p.consigneeForm} />}
      </SettingRow>
    </SectionCard>
  );
}
