import { Text } from '@chakra-ui/react';
import type { z } from 'zod';
import { Education, Gender, IdVerifyState, IncomeRange, MaritalStatus, Occupation } from '../../../openapi/enums';
import type { Consignee } from '../../../openapi/schemas/consignee';
import type { IdVerify } from '../../../openapi/schemas/identity';
import type { Property, SurveyCheck } from '../../../openapi/schemas/profile';
import { ConsigneeForm, type ConsigneeFormProps } from '../../components/exchange/ConsigneeForm';
import { IdentityForm, type IdentityFormProps } from '../../components/exchange/IdentityForm';
import { BoxIcon, ShieldIcon, SurveyIcon } from '../../components/icons';
import { IconBadge } from '../../components/IconBadge';
import { PillLink } from '../../components/PillLink';
import { RowButton, SectionCard, SettingRow } from './parts';

export type Address = z.output<typeof Consignee>;
export type PropertyData = z.output<typeof Property>;
export type SurveyProgress = Pick<z.output<typeof SurveyCheck>, 'answered' | 'total' | 'rewardPoints'>;
export type IdVerifyData = Pick<z.output<typeof IdVerify>, 'realName' | 'idNumber' | 'reason'>;
type IdState = (typeof IdVerifyState.list)[number];

export interface MoreSectionProps {
  /** 个人属性问卷 is done (targeting uses it). */
  surveyDone: boolean;
  /** Where 个人属性问卷 is; null while that page is not built. */
  surveyPath: string | null;
  /** The properties tasks are matched by (getProperty); null while unknown. */
  property?: PropertyData | null;
  /** How far the questionnaire is (checkBasicSurvey); null while unknown. */
  surveyProgress?: SurveyProgress | null;
  idVerifyState: IdState;
  /** What was verified, masked, or why it failed (getIdVerify); null while unknown. */
  idVerify?: IdVerifyData | null;
  /** The delivery address: loading, none (null) or the saved one. */
  address: { status: 'loading' | 'ready' | 'error'; data: Address | null };
  /** The inline form open under its row. */
  openForm: 'identity' | 'address' | null;
  identityForm: IdentityFormProps;
  consigneeForm: ConsigneeFormProps;
  onOpenForm?: (form: 'identity' | 'address') => void;
}

const label = <T extends number>(labels: Record<T, string>, v: T | null) => (v === null ? null : labels[v]);

/** The properties in one line: 男 · 1990-05-12 生 · 广东 深圳 南山区 · 本科 · 企业职员 · 月收入 5000–8000 元 · 已婚. */
export function propertyLine(p: PropertyData): string {
  return [
    label(Gender.labels, p.gender),
    p.birthday && `${p.birthday} 生`,
    p.regionName,
    label(Education.labels, p.education),
    label(Occupation.labels, p.occupation),
    p.income !== null && (p.income === IncomeRange.values.NONE ? '无收入' : `月收入 ${IncomeRange.labels[p.income]}`),
    label(MaritalStatus.labels, p.marital),
  ]
    .filter(Boolean)
    .join(' · ');
}

function surveyHint(p: MoreSectionProps): string {
  if (p.surveyDone && p.property) return propertyLine(p.property) || '性别、年龄、职业等，用于为你匹配合适的问卷';
  const g = p.surveyProgress;
  if (!p.surveyDone && g && g.total > 0) {
    const reward = g.rewardPoints > 0 ? `，完成可得 ${g.rewardPoints} 微豆` : '';
    return `已答 ${g.answered}/${g.total} 题${reward}；用于为你匹配合适的问卷`;
  }
  return '性别、年龄、职业等，用于为你匹配合适的问卷';
}

function identityHint(p: MoreSectionProps): string {
  const v = p.idVerify;
  if (p.idVerifyState === 2)
    return v?.realName && v.idNumber ? `${v.realName} ${v.idNumber} · 认证信息不能修改` : '认证信息不能修改';
  if (p.idVerifyState === 3 && v?.reason) return `未通过：${v.reason}`;
  return '兑换现金奖励前需完成实名认证';
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
        hint={surveyHint(p)}
        action={
          p.surveyPath && (
            <PillLink to={p.surveyPath} px="4">
              {p.surveyDone ? '修改' : '去完善'}
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
        hint={identityHint(p)}
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
