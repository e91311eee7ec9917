import { useState } from 'react';
import { ExchangeState, ExchangeType } from '../../../openapi/enums';
import { quietApi } from '../../api';
import { useBenefitRules } from '../../flows/useBenefitRules';
import { useLoad } from '../../flows/useLoad';
import { toast } from '../../services/toast';
import { CardView, type CardCode, type CardTab, type CouponFilter } from './CardView';

/** Pages of issued exchanges read at most (100 each): far beyond any member's virtual rewards. */
const MAX_PAGES = 20;

/**
 * Every issued virtual exchange with its code. listExchanges filters by state only, so the issued
 * records are read page by page and the virtual ones with a code kept.
 */
async function loadCodes(signal: AbortSignal): Promise<CardCode[]> {
  const codes: CardCode[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const data = await quietApi.call('listExchanges', {
      query: { page, pageSize: 100, state: ExchangeState.values.ISSUED },
      signal,
    });
    for (const r of data.list) {
      if (r.type === ExchangeType.values.VIRTUAL && r.code) {
        codes.push({
          id: r.id,
          title: r.title,
          cover: r.cover,
          code: r.code,
          faceValue: r.faceValue,
          points: r.points,
          createdAt: r.createdAt,
          issuedAt: r.updatedAt,
        });
      }
    }
    if (data.list.length === 0 || page * 100 >= data.total) break;
  }
  return codes;
}

/** Container of `/home/card` 卡券专区: codes from virtual exchanges (listExchanges) and held benefits (listBenefits). */
export default function CardPage() {
  const [tab, setTab] = useState<CardTab>('codes');
  const [couponFilter, setCouponFilter] = useState<CouponFilter>(0);
  const codes = useLoad(loadCodes);
  const benefits = useLoad((signal) => quietApi.call('listBenefits', { query: {}, signal }));
  const rules = useBenefitRules();

  return (
    <CardView
      tab={tab}
      codes={{ status: codes.status, items: codes.data ?? [], error: codes.error }}
      coupons={{ status: benefits.status, items: benefits.data?.owned ?? [], error: benefits.error }}
      couponFilter={couponFilter}
      onTab={setTab}
      onCouponFilter={setCouponFilter}
      onRetryCodes={codes.reload}
      onRetryCoupons={benefits.reload}
      onCopied={(ok) => (ok ? toast.success('已复制到剪贴板') : toast.error('复制失败，请长按卡密手动复制'))}
      onRules={rules.open}
      rules={rules.dialog}
    />
  );
}
