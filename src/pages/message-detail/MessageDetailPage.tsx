import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { MessageNotFound, isMessageNotFound, loadMessage, useMarkRead } from '../../flows/messages';
import { useLoad } from '../../flows/useLoad';
import { routedHref } from '../../routing/paths';
import { MessageDetailView } from './MessageDetailView';

/**
 * Container of `/home/message/{id}` 消息详情: the one message (listMessages with `id`), marked
 * read once shown if it was unread (readMessages; the bell follows); its link only when a page
 * renders it.
 */
export default function MessageDetailPage() {
  const { id = '' } = useParams();
  const messageId = /^\d{1,15}$/.test(id) ? Number(id) : 0;
  const message = useLoad(
    (signal) => (messageId > 0 ? loadMessage(messageId, signal) : Promise.reject(new MessageNotFound(id))),
    [messageId],
    isMessageNotFound,
  );
  const markRead = useMarkRead();
  const unreadId = message.data && !message.data.read ? message.data.id : null;
  useEffect(() => {
    if (unreadId !== null) markRead(unreadId);
  }, [unreadId, markRead]);

  const data = message.data;
  return (
    <MessageDetailView
      status={message.status}
      message={data}
      recordLink={data?.link ? (routedHref(data.link) ?? null) : null}
      error={message.error}
      onRetry={message.reload}
    />
  );
}
