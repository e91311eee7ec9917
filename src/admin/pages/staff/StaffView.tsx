import { Badge, Box, Button, chakra, Code, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from '../../../../openapi/rules/staff';
import { FormAlert } from '../../../components/auth/formParts';
import { ErrorState, LoadingState } from '../../../components/ListStates';
import { nativeFieldStyle } from '../../../components/nativeFieldStyle';
import { TotpPrompt } from '../../../components/TotpPrompt';
import { rolesText } from '../../app/ConsoleLayoutView';
import type { NewCredentials, StaffAccount } from '../../flows/staff';

const Input = chakra('input', {
  base: { ...nativeFieldStyle, height: '40px', fontSize: '15px', px: '3', width: '100%' },
});

export type StaffAction = 'roles' | 'disable' | 'reset';

export interface StaffDraft {
  login: string;
  name: string;
  roles: StaffRole[];
}

export interface StaffViewProps {
  status: 'loading' | 'ready' | 'error';
  staff: StaffAccount[];
  error: string | null;
  now: number;
  /** The new-staff form, when open. */
  creating: { draft: StaffDraft; busy: boolean; error: string | null } | null;
  /** A change waiting for its authenticator code. */
  action: {
    kind: StaffAction;
    login: string;
    name: string;
    roles: StaffRole[];
    reason: string;
    code: string;
    busy: boolean;
    error: string | null;
  } | null;
  /** A new or reset account's one-time password and secret: shown once, until dismissed. */
  credentials: NewCredentials | null;
  onRetry: () => void;
  onOpenCreate: () => void;
  onDraft: (draft: StaffDraft) => void;
  onCreate: () => void;
  onCancelCreate: () => void;
  onAction: (kind: StaffAction, account: StaffAccount) => void;
  onActionChange: (change: { roles?: StaffRole[]; reason?: string; code?: string }) => void;
  onConfirmAction: () => void;
  onCancelAction: () => void;
  onDismissCredentials: () => void;
}

const shanghai = (ms: number) => new Date(ms).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });

function RolePicker({ roles, onChange }: { roles: StaffRole[]; onChange: (roles: StaffRole[]) => void }) {
  return (
    <Box as="fieldset">
      <Text as="legend" fontSize="13px" color="gray.600" mb="1">
        角色
      </Text>
      <HStack gap="4" flexWrap="wrap">
        {STAFF_ROLES.map((role) => (
          <HStack as="label" key={role} gap="1.5" fontSize="14px">
            <input
              type="checkbox"
              checked={roles.includes(role)}
              onChange={(e) => onChange(e.target.checked ? [...roles, role] : roles.filter((r) => r !== role))}
            />
            {ROLE_LABELS[role]}
          </HStack>
        ))}
      </HStack>
    </Box>
  );
}

const ACTION_TEXT: Record<StaffAction, { title: string; button: string; description: string }> = {
  roles: { title: '修改角色', button: '保存角色', description: '角色决定这个账号能打开的页面和能做的操作。' },
  disable: { title: '停用账号', button: '停用', description: '停用后这个账号不能再登录，它的全部登录会立即结束。' },
  reset: {
    title: '重置密码与身份验证器',
    button: '重置',
    description: '重置后旧密码和旧身份验证器失效，账号重新启用；新的一次性密码和密钥只显示一次。',
  },
};

/** 员工账号: the list, 新建员工, and per account 修改角色 / 停用 / 重置 (each with a fresh code). */
export function StaffView(props: StaffViewProps) {
  const { status, staff, creating, action, credentials } = props;
  const createReady =
    !!creating &&
    creating.draft.login.trim().length >= 3 &&
    creating.draft.name.trim().length >= 2 &&
    creating.draft.roles.length > 0;
  const submitCreate = (e: FormEvent) => {
    e.preventDefault();
    if (createReady && !creating?.busy) props.onCreate();
  };
  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="3">
        <Heading as="h1" size="xl">
          员工账号
        </Heading>
        {!creating && (
          <Button size="sm" colorPalette="brand" onClick={props.onOpenCreate}>
            新建员工
          </Button>
        )}
      </Flex>
      {credentials && (
        <Stack gap="2" p="4" bg="orange.50" borderWidth="1px" borderColor="orange.200" borderRadius="lg" role="status">
          <Text fontWeight="semibold">
            {credentials.staff.name}（{credentials.staff.login}）的登录信息：只显示这一次，请现在交给本人
          </Text>
          <Text fontSize="14px">
            一次性密码：<Code data-testid="one-time-password">{credentials.oneTimePassword}</Code>
          </Text>
          <Text fontSize="14px" wordBreak="break-all">
            身份验证器密钥：<Code data-testid="totp-secret">{credentials.totpSecret}</Code>
          </Text>
          <Text fontSize="13px" color="gray.600">
            首次登录时需用这个密码登录、绑定身份验证器并设置新密码。
          </Text>
          <Button size="sm" alignSelf="flex-start" onClick={props.onDismissCredentials}>
            我已记下，关闭
          </Button>
        </Stack>
      )}
      {creating && (
        <Box
          as="form"
          aria-label="新建员工"
          onSubmit={submitCreate}
          bg="white"
          p="4"
          borderRadius="lg"
          borderWidth="1px"
          borderColor="gray.200"
        >
          <Stack gap="3" maxW="520px">
            <Heading as="h2" size="md">
              新建员工
            </Heading>
            <Box as="label" display="block">
              <Text fontSize="13px" color="gray.600" mb="1">
                登录名（小写字母开头，3–32 位）
              </Text>
              <Input
                name="login"
                value={creating.draft.login}
                onChange={(e) => props.onDraft({ ...creating.draft, login: e.target.value })}
              />
            </Box>
            <Box as="label" display="block">
              <Text fontSize="13px" color="gray.600" mb="1">
                显示名（会员在回复里看到的名字）
              </Text>
              <Input
                name="name"
                value={creating.draft.name}
                onChange={(e) => props.onDraft({ ...creating.draft, name: e.target.value })}
              />
            </Box>
            <RolePicker
              roles={creating.draft.roles}
              onChange={(roles) => props.onDraft({ ...creating.draft, roles })}
            />
            {creating.error && <FormAlert>{creating.error}</FormAlert>}
            <HStack gap="2">
              <Button type="submit" colorPalette="brand" size="sm" disabled={!createReady} loading={creating.busy}>
                创建
              </Button>
              <Button size="sm" variant="ghost" onClick={props.onCancelCreate} disabled={creating.busy}>
                取消
              </Button>
            </HStack>
          </Stack>
        </Box>
      )}
      {status === 'loading' ? (
        <LoadingState paddingTop={40} />
      ) : status === 'error' ? (
        <ErrorState
          title="员工账号加载失败"
          description={props.error ?? undefined}
          onRetry={props.onRetry}
          paddingTop={40}
        />
      ) : (
        <Stack gap="0" bg="white" borderRadius="lg" borderWidth="1px" borderColor="gray.200">
          {staff.map((s) => (
            <Flex
              key={s.id}
              data-testid="staff-row"
              gap="3"
              px="4"
              py="3"
              borderBottomWidth="1px"
              borderColor="gray.100"
              direction={{ base: 'column', md: 'row' }}
              align={{ base: 'stretch', md: 'center' }}
            >
              <Box flex="1" minW="0">
                <HStack gap="2" flexWrap="wrap">
                  <Text fontWeight="semibold">{s.name}</Text>
                  <Text color="gray.500" fontSize="13px">
                    {s.login}
                  </Text>
                  {s.state === 'disabled' ? (
                    <Badge colorPalette="gray">已停用</Badge>
                  ) : s.lockedUntil && s.lockedUntil > props.now ? (
                    <Badge colorPalette="red">已锁定</Badge>
                  ) : (
                    <Badge colorPalette="green">启用</Badge>
                  )}
                  {!s.totpBound && <Badge colorPalette="orange">未绑定身份验证器</Badge>}
                </HStack>
                <Text fontSize="13px" color="gray.600">
                  {rolesText(s.roles)} · 最近登录 {s.lastSignInAt ? shanghai(s.lastSignInAt) : '从未登录'}
                </Text>
              </Box>
              <HStack gap="2" flexWrap="wrap">
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() => props.onAction('roles', s)}
                  disabled={s.state === 'disabled'}
                >
                  修改角色
                </Button>
                <Button size="xs" variant="outline" onClick={() => props.onAction('reset', s)}>
                  重置
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  onClick={() => props.onAction('disable', s)}
                  disabled={s.state === 'disabled'}
                >
                  停用
                </Button>
              </HStack>
            </Flex>
          ))}
        </Stack>
      )}
      {action && (
        <TotpPrompt
          title={`${ACTION_TEXT[action.kind].title}：${action.name}`}
          description={ACTION_TEXT[action.kind].description}
          reason={action.reason}
          code={action.code}
          error={action.error}
          busy={action.busy}
          confirmLabel={ACTION_TEXT[action.kind].button}
          onReason={(reason) => props.onActionChange({ reason })}
          onCode={(code) => props.onActionChange({ code })}
          onConfirm={props.onConfirmAction}
          onCancel={props.onCancelAction}
        >
          {action.kind === 'roles' && (
            <RolePicker roles={action.roles} onChange={(roles) => props.onActionChange({ roles })} />
          )}
        </TotpPrompt>
      )}
    </Stack>
  );
}
