import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { selectAvatarUploadView, type AvatarUploadSnapshot, type AvatarUploadView } from '../../machines/avatarUpload';
import { useSessionActor } from './session';
import { shallowEqual } from './shallowEqual';
import { appAvatarUploadMachine } from './upload';

/** Everything `AvatarUploader` (src/components) takes besides the current avatar. */
export interface AvatarUploadProps extends AvatarUploadView {
  /** A local preview of the picked picture (an object URL), while it is a picture worth showing. */
  preview: string | null;
  onPick: (file: File) => void;
  onRetry: () => void;
  onDismiss: () => void;
}

/** Steps in which the picked file is not (yet) known to be a picture. */
const NO_PREVIEW = new Set(['idle', 'checking', 'wrongType']);

/**
 * The avatar upload on a page: runs machines/avatarUpload.ts with the app's actors. When the new
 * avatar is set, the header shows it (the session's user is updated) and `onChanged` is told.
 * `<AvatarUploader avatar={current} {...useAvatarUpload({ onChanged })} />`
 */
export function useAvatarUpload({ onChanged }: { onChanged?: (avatar: string) => void } = {}): AvatarUploadProps {
  const session = useSessionActor();
  const changed = useRef(onChanged);
  useEffect(() => {
    changed.current = onChanged;
  }, [onChanged]);
  const [machine] = useState(() =>
    appAvatarUploadMachine.provide({
      actions: {
        changed: ({ context }) => {
          if (!context.avatar) return;
          session.send({ type: 'user.updated', user: { avatar: context.avatar } });
          changed.current?.(context.avatar);
        },
      },
    }),
  );
  const actor = useActorRef(machine);
  const view = useSelector(actor, (s: AvatarUploadSnapshot) => selectAvatarUploadView(s), shallowEqual);
  const file = useSelector(actor, (s: AvatarUploadSnapshot) => s.context.file);
  const showPreview = file instanceof Blob && !NO_PREVIEW.has(view.step);

  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!showPreview) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file, showPreview]);

  return {
    ...view,
    preview,
    onPick: (picked) => actor.send({ type: 'user.pick', file: picked }),
    onRetry: () => actor.send({ type: 'user.retry' }),
    onDismiss: () => actor.send({ type: 'user.dismiss' }),
  };
}
