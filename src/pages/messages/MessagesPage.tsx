import { useInbox } from '../../flows/messages';
import { MessagesView } from './MessagesView';

/**
 * Container of `/home/message` 我的消息: the paged inbox by type with its unread count and
 * 全部标为已读 (src/flows/messages.ts `useInbox`; each answer sets the header bell).
 */
export default function MessagesPage() {
  return <MessagesView {...useInbox()} />;
}
