import { useCallback, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../machines/shared';
import { loginFor, USER_CENTRE_PATH, PRIZE_PATH, prizeDetailPath, prizeReportPath } from '../../routing/paths';
import { checkDraw, confirmShipTo, isMissingPrize, loadConsignee, loadPrizeResult, prizeIdOf } from '../../flows/prize';
import { useSessionView } from '../../flows/session';
import { useLoad } from '../../flows/useLoad';
import { PrizeResultView, type DrawCheckState } from './PrizeResultView';

/** Where a member fills in or changes the delivery address (个人中心's 收货地址). */
const ADDRESS_PATH = USER_CENTRE_PATH;

/**
 * Container of `/prize/result?id=` 开奖结果 (public): getPrizeResult (reloaded when I log in or
 * out); a winner without a confirmed address sees their saved one (getConsignee) and confirms it
 * (confirmPrizeShipTo); the draw is re-checked in the browser on request (src/flows/prize.ts).
 */
export default function PrizeResultPage() {
  const [search] = useSearchParams();
  const id = prizeIdOf(search.get('id'));
  const location = useLocation();
  const { loggedIn } = useSessionView();
  const result = useLoad(
    (signal) => (id === null ? Promise.reject(new Error('no id')) : loadPrizeResult(id, signal)),
    [id, loggedIn],
    (e) => id === null || isMissingPrize(e),
  );
  const mine = result.data?.mine;
  const needsAddress = mine?.won === true && mine.shipTo === null;
  const consignee = useLoad((signal) => (needsAddress ? loadConsignee(signal) : Promise.resolve(null)), [needsAddress]);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [check, setCheck] = useState<DrawCheckState>({ status: 'idle' });
  const reload = result.reload;
  const onConfirm = useCallback(() => {
    if (id === null) return;
    setSaving(true);
    setSaveError(null);
    confirmShipTo(id).then(
      () => {
        setSaving(false);
        reload();
      },
      (e: unknown) => {
        setSaving(false);
        setSaveError(errorMessage(e));
      },
    );
  }, [id, reload]);
  const data = result.data;
  const onVerify = useCallback(() => {
    if (!data) return;
    setCheck({ status: 'checking' });
    void checkDraw(data).then(
      (c) => setCheck({ status: 'done', check: c }),
      () => setCheck({ status: 'done', check: null }),
    );
  }, [data]);
  const c = consignee.data;
  return (
    <PrizeResultView
      status={result.status}
      data={data}
      error={result.error}
      onRetry={result.reload}
      shipTo={
        needsAddress && consignee.status === 'ready'
          ? {
              address: c ? `${c.name} ${c.mobile} ${c.regionName} ${c.address}` : null,
              saving,
              error: saveError,
              onConfirm,
              addressPath: ADDRESS_PATH,
            }
          : null
      }
      check={check}
      onVerify={onVerify}
      loginHref={loginFor(`${location.pathname}${location.search}`)}
      detailPath={id === null ? PRIZE_PATH : prizeDetailPath(id)}
      reportPath={id === null ? PRIZE_PATH : prizeReportPath(id)}
    />
  );
}
