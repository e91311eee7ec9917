import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { codeOf, errorMessage, isCode } from '../../machines/shared';
import { selectSmsCode, smsCodeMachine } from '../../machines/smsCode';
import { api, quietApi } from '../api';
import { encrypt } from '../api/encrypt';
import { sendMemberCode } from './login';
import {
  consigneeErrors,
  type ConsigneeField,
  type ConsigneeFormProps,
  type ConsigneeFormValues,
  type RegionOption,
} from '../components/exchange/ConsigneeForm';
import { idNumberError, realNameError } from '../../openapi/rules/identity';
import type { IdentityField, IdentityFormProps, IdentityFormValues } from '../components/exchange/IdentityForm';
import { toast } from '../services/toast';
import { Code } from '../../openapi/codes';
import { shallowEqual } from './shallowEqual';

/**
 * The two inline forms of the member's own data: 实名认证 (SMS ticket for scene `id_verify`, then
 * POST /v2/users/id-verfiy) and 收货地址 (province → city → county from /v1/jd/cities, then POST
 * /v1/users/consignee). The reward page opens them as fixes of a blocker, the personal centre as
 * its own rows. Each calls `onDone` after the server accepted it, so the page re-reads.
 */

/** The 获取验证码 button of 实名认证: a code to the member's own mobile, then the resend countdown. */
const identityCodeMachine = smsCodeMachine.provide({ actors: { sendCode: sendMemberCode } });

export function useIdentityForm(mobile: string | null, onDone: () => void): IdentityFormProps {
  const [values, setValues] = useState<IdentityFormValues>({ realName: '', idNumber: '', code: '' });
  const [touched, setTouched] = useState<Partial<Record<IdentityField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const codeActor = useActorRef(identityCodeMachine, { input: {} });
  const code = useSelector(codeActor, selectSmsCode, shallowEqual);
  // The ticket of the code last checked: a code works once, and the server keeps the ticket until
  // a match spends it, so a corrected name or number is sent again with the same ticket.
  const ticketFor = useRef<{ code: string; ticket: string } | null>(null);

  // A failed send shows its message where the form's other refusals go.
  useEffect(() => {
    if (code.error) setFormError(code.error);
  }, [code.error]);

  const check: Record<IdentityField, (v: IdentityFormValues) => string | null> = {
    realName: (v) => realNameError(v.realName),
    idNumber: (v) => idNumberError(v.idNumber),
    code: (v) => (isCode(v.code) ? null : '请输入 6 位验证码'),
  };
  const errors: Partial<Record<IdentityField, string | null>> = {};
  for (const f of Object.keys(check) as IdentityField[]) if (submitted || touched[f]) errors[f] = check[f](values);

  return {
    values,
    errors,
    mobile,
    resendIn: code.secondsLeft,
    codeSent: code.sent,
    sendingCode: code.sending,
    submitting,
    formError,
    onChange: (field, value) => {
      setValues((v) => ({ ...v, [field]: value }));
      setFormError(null);
    },
    onBlur: (field) => setTouched((t) => ({ ...t, [field]: values[field] !== '' || t[field] === true })),
    onSendCode: () => codeActor.send({ type: 'user.requestCode', request: { scene: 'id_verify' } }),
    onSubmit: () => {
      setSubmitted(true);
      if ((Object.keys(check) as IdentityField[]).some((f) => check[f](values))) return;
      setSubmitting(true);
      setFormError(null);
      (async () => {
        let verifyTicket = ticketFor.current?.code === values.code ? ticketFor.current.ticket : null;
        if (!verifyTicket) {
          const ticket = await quietApi.call('checkMemberSms', {
            body: { scene: 'id_verify', code: await encrypt(values.code) },
          });
          verifyTicket = ticket.verifyTicket;
          ticketFor.current = { code: values.code, ticket: verifyTicket };
        }
        await quietApi.call('submitIdVerify', {
          body: {
            realName: values.realName.trim(),
            idNumber: values.idNumber.trim().toUpperCase(),
            verifyTicket,
          },
        });
      })()
        .then(() => {
          ticketFor.current = null;
          toast.success('实名认证已完成');
          onDone();
        })
        .catch((e: unknown) => {
          // An expired ticket needs a new code; a refusal of the name or number keeps it.
          if (codeOf(e) === Code.PREREQUISITE_REQUIRED) ticketFor.current = null;
          setFormError(errorMessage(e));
        })
        .finally(() => setSubmitting(false));
    },
  };
}

type Level = 'province' | 'city' | 'county';

export function useConsigneeForm(active: boolean, onDone: () => void): ConsigneeFormProps {
  const [values, setValues] = useState<ConsigneeFormValues>({
    name: '',
    mobile: '',
    provinceId: null,
    cityId: null,
    countyId: null,
    address: '',
  });
  const [touched, setTouched] = useState<Partial<Record<ConsigneeField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [provinces, setProvinces] = useState<RegionOption[]>([]);
  const [cities, setCities] = useState<RegionOption[]>([]);
  const [counties, setCounties] = useState<RegionOption[]>([]);
  const [loadingLevel, setLoadingLevel] = useState<Level | null>(null);
  const [regionsError, setRegionsError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const lastFailed = useRef<{ level: Level; parentId: number } | null>(null);

  const load = useCallback(async (level: Level, parentId: number) => {
    setLoadingLevel(level);
    setRegionsError(null);
    try {
      const list = await quietApi.call('listRegions', { query: { parentId } });
      const options = list.map((r) => ({ id: r.id, name: r.name }));
      if (level === 'province') setProvinces(options);
      if (level === 'city') setCities(options);
      if (level === 'county') setCounties(options);
      lastFailed.current = null;
    } catch (e) {
      lastFailed.current = { level, parentId };
      setRegionsError(`地区列表加载失败：${errorMessage(e)}`);
    } finally {
      setLoadingLevel(null);
    }
  }, []);

  // Provinces, and any saved address (prefilled so the member only corrects it).
  useEffect(() => {
    if (!active) return;
    void load('province', 0);
    api
      .call('getConsignee')
      .then(async (c) => {
        if (!c) return;
        setValues({
          name: c.name,
          mobile: c.mobile,
          provinceId: c.provinceId,
          cityId: c.cityId,
          countyId: c.countyId,
          address: c.address,
        });
        await load('city', c.provinceId);
        await load('county', c.cityId);
      })
      .catch(() => undefined);
  }, [active, load]);

  const errors: ConsigneeFormProps['errors'] = {};
  const all = consigneeErrors(values);
  for (const [k, msg] of Object.entries(all) as [ConsigneeField | 'region', string][]) {
    if (submitted || (k !== 'region' && touched[k])) errors[k] = msg;
  }

  return {
    values,
    errors,
    provinces,
    cities,
    counties,
    loadingLevel,
    regionsError,
    submitting,
    formError,
    onChange: (field, value) => {
      setFormError(null);
      if (field === 'provinceId') {
        setValues((v) => ({ ...v, provinceId: value as number | null, cityId: null, countyId: null }));
        setCities([]);
        setCounties([]);
        if (value) void load('city', value as number);
      } else if (field === 'cityId') {
        setValues((v) => ({ ...v, cityId: value as number | null, countyId: null }));
        setCounties([]);
        if (value) void load('county', value as number);
      } else setValues((v) => ({ ...v, [field]: value }));
    },
    onBlur: (field) => setTouched((t) => ({ ...t, [field]: true })),
    onRetryRegions: () => {
      const f = lastFailed.current;
      if (f) void load(f.level, f.parentId);
    },
    onSubmit: () => {
      setSubmitted(true);
      if (Object.keys(consigneeErrors(values)).length > 0) return;
      setSubmitting(true);
      // Refusals show in the form (one place per error), so no toast.
      quietApi
        .call('saveConsignee', {
          body: {
            name: values.name.trim(),
            mobile: values.mobile,
            provinceId: values.provinceId!,
            cityId: values.cityId!,
            countyId: values.countyId!,
            address: values.address.trim(),
          },
        })
        .then(() => {
          toast.success('收货地址已保存');
          onDone();
        })
        .catch((e: unknown) => setFormError(errorMessage(e)))
        .finally(() => setSubmitting(false));
    },
  };
}
