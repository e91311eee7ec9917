import { Flex, Stack, Text } from '@chakra-ui/react';
import type { z } from 'zod';
import { SnsPlatform } from '../../../openapi/enums';
import type { SnsBinding } from '../../../openapi/schemas/social';
import { FormAlert } from '../../components/auth/formParts';
import { SocialBadge } from '../../components/auth/SocialLogin';
import { ErrorState, LoadingState } from '../../components/ListStates';
import { formatDate } from '../../components/shanghaiTime';
import { RowButton, SectionCard, SettingRow } from './parts';

export type Binding = z.output<typeof SnsBinding>;
export type Platform = Binding['platform'];

export interface SocialSectionProps {
  status: 'loading' | 'ready' | 'error';
  bindings: Binding[];
  error?: string | null;
  onRetry?: () => void;
  /** The platform whose 解绑 waits for 确认解绑. */
  confirming: Platform | null;
  /** The platform being unbound, or whose provider page is being opened. */
  pending: Platform | null;
  /** Why the last bind or unbind of a platform failed. */
  failure: { platform: Platform; message: string } | null;
  onBind?: (platform: Platform) => void;
  onUnbind?: (platform: Platform) => void;
  onConfirmUnbind?: () => void;
  onCancelUnbind?: () => void;
}

const nameOf = (p: Platform) => SnsPlatform.labels[p];

/** 第三方账号: each platform bound (its nickname, since when) or not, with 绑定 / 解绑. */
export function SocialSection(props: SocialSectionProps) {
  const { status, bindings } = props;
  return (
    <SectionCard id="social" title="第三方账号" note="绑定后可用第三方账号直接登录；现金兑换也需要绑定收款账号">
      {status === 'loading' && bindings.length === 0 ? (
        <LoadingState paddingTop={24} />
      ) : status === 'error' && bindings.length === 0 ? (
        <ErrorState paddingTop={24} description={props.error || undefined} onRetry={props.onRetry} />
      ) : (
        bindings.map((b) => <BindingRow key={b.platform} binding={b} {...props} />)
      )}
    </SectionCard>
  );
}

function BindingRow({ binding: b, ...p }: { binding: Binding } & SocialSectionProps) {
  const name = nameOf(b.platform);
  const busy = p.pending === b.platform;
  const confirming = p.confirming === b.platform;
  const failure = p.failure?.platform === b.platform ? p.failure.message : null;
  const value = b.bound ? (
    <Text as="span">已绑定{b.nickname ? `：${b.nickname}` : ''}</Text>
  ) : (
    <Text as="span" color="gray.500">
      {b.available ? '未绑定' : '暂未开放'}
    </Text>
  );
  const action = confirming ? null : b.bound ? (
    <RowButton tone="gray" onClick={() => p.onUnbind?.(b.platform)} loading={busy} label={`解绑${name}`}>
      解绑
    </RowButton>
  ) : b.available ? (
    <RowButton onClick={() => p.onBind?.(b.platform)} loading={busy} label={`绑定${name}`}>
      绑定
    </RowButton>
  ) : null;
  return (
    <SettingRow
      testId={`sns-${b.platform}`}
      icon={<SocialBadge platform={b.platform} size={36} />}
      label={name}
      value={value}
      hint={b.bound && b.boundAt !== null ? `${formatDate(b.boundAt)} 绑定` : undefined}
      action={action}
    >
      {(confirming || failure) && (
        <Stack gap="3">
          {failure && <FormAlert>{failure}</FormAlert>}
          {confirming && (
            <>
              <Text textStyle="body.muted">解绑后将不能再用{name}登录这个账号，确定解绑吗？</Text>
              <Flex gap="2">
                <RowButton tone="gray" onClick={p.onCancelUnbind}>
                  取消
                </RowButton>
                <RowButton onClick={p.onConfirmUnbind} loading={busy} label={`确认解绑${name}`}>
                  确认解绑
                </RowButton>
              </Flex>
            </>
          )}
        </Stack>
      )}
    </SettingRow>
  );
}
