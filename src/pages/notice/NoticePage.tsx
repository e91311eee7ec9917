import { useParams } from 'react-router-dom';
import { isMissingNotice, loadNotice } from '../../flows/content';
import { useLoad } from '../../flows/useLoad';
import { NoticeView } from './NoticeView';

/** Container of `/home/notices/{id}` 公告详情: getNotice once (the server marks it read), retry on failure. */
export default function NoticePage() {
  const { id = '' } = useParams();
  const notice = useLoad(
    (signal) => {
      const n = Number(id);
      // Not an id at all: the same as one that does not exist, without asking.
      if (!/^\d+$/.test(id) || !Number.isSafeInteger(n) || n < 1) return Promise.reject(new MissingNotice());
      return loadNotice(n, signal);
    },
    [id],
    (e) => e instanceof MissingNotice || isMissingNotice(e),
  );
  return <NoticeView status={notice.status} notice={notice.data} error={notice.error} onRetry={notice.reload} />;
}

class MissingNotice extends Error {}
