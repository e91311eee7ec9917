import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { AuthStatus } from '../../components/auth/AuthStatus';
import { SubmitButton } from '../../components/auth/formParts';
import { LogoMark } from '../../components/Logo';
import { MEMBER_HOME_PATH } from '../../routing/paths';

/** Phone side of QR login: what the scan found and what the member decided. */
export type QrConfirmStatus =
  'loading' | 'scanned' | 'confirming' | 'refusing' | 'confirmed' | 'refused' | 'expired' | 'error';

/** The desktop that asks to log in. */
export interface QrDevice {
  browser: string;
  os: string;
  /** Masked, e.g. 116.23.*.* */
  ip: string;
  /** When the QR code was shown, formatted (e.g. 今天 14:03). */
  time: string;
  /** Rough place from the IP, when known. */
  location?: string | null;
}

export interface QrConfirmViewProps {
  status: QrConfirmStatus;
  device?: QrDevice | null;
  /** `state.can({ type: 'user.confirm' })`. */
  canDecide: boolean;
  onConfirm: () => void;
  onRefuse: () => void;
  /** error: offer 重试 (`state.can({ type: 'user.retry' })`: a network or server failure). */
  onRetry?: () => void;
  /** error: what went wrong (ticket missing, network). */
  error?: string | null;
  homePath?: string;
}

/** What the page says once the decision is made or the code has lapsed. */
const DONE = {
  confirmed: { tone: 'success', title: '已确认，请在电脑上继续', text: '电脑端将自动完成登录。' },
  refused: { tone: 'warning', title: '已取消登录', text: '电脑端不会登录你的账号。如非本人操作，建议修改密码。' },
  expired: { tone: 'warning', title: '二维码已失效', text: '请在电脑上刷新二维码后重新扫描。' },
} as const;

/** `/qrcode/confirm?ticket=…` (H5): confirm or refuse a desktop login. */
export function QrConfirmView({
  status,
  device,
  canDecide,
  onConfirm,
  onRefuse,
  onRetry,
  error,
  homePath = MEMBER_HOME_PATH,
}: QrConfirmViewProps) {
  return (
    <Flex minH="100%" justify="center" bg="white" px="5" pt={{ base: '8', md: '14' }} pb="10">
      <Box width="100%" maxW="420px">
        {status === 'loading' && <AuthStatus tone="busy" title="正在读取二维码…" />}
        {(status === 'scanned' || status === 'confirming' || status === 'refusing') && (
          <Stack gap="6" align="center" textAlign="center">
            <DesktopMark />
            <Stack gap="1.5">
              <Text as="h1" fontSize="20px" fontWeight="bold" color="ink">
                确认在电脑上登录微豆调研？
              </Text>
              <Text textStyle="body.soft">请确认是你本人在操作，不是本人请点「取消」</Text>
            </Stack>
            {device && <DeviceCard device={device} />}
            <Stack width="100%" gap="3">
              <SubmitButton
                type="button"
                loading={status === 'confirming'}
                loadingText="确认中…"
                disabled={!canDecide}
                onClick={onConfirm}
              >
                确认登录
              </SubmitButton>
              <Button
                height="48px"
                borderRadius="full"
                variant="outline"
                colorPalette="gray"
                fontSize="16px"
                loading={status === 'refusing'}
                loadingText="取消中…"
                disabled={!canDecide}
                onClick={onRefuse}
              >
                取消
              </Button>
            </Stack>
          </Stack>
        )}
        {status in DONE && (
          <AuthStatus {...DONE[status as keyof typeof DONE]} action={{ label: '返回我的主页', to: homePath }} />
        )}
        {status === 'error' && (
          <AuthStatus
            tone="error"
            title="无法确认登录"
            text={error ?? '二维码无效或已被使用，请在电脑上刷新后重新扫描。'}
            action={onRetry ? { label: '重试', onClick: onRetry } : { label: '返回我的主页', to: homePath }}
            secondary={onRetry ? { label: '返回我的主页', to: homePath } : undefined}
          />
        )}
      </Box>
    </Flex>
  );
}

function DeviceCard({ device }: { device: QrDevice }) {
  const rows: [string, string][] = [
    ['浏览器', device.browser],
    ['操作系统', device.os],
    ['IP 地址', device.location ? `${device.ip}（${device.location}）` : device.ip],
    ['请求时间', device.time],
  ];
  return (
    <Box as="dl" width="100%" borderRadius="xl" bg="gray.50" px="4" py="3" textAlign="left" aria-label="请求登录的设备">
      {rows.map(([k, v]) => (
        <Flex key={k} justify="space-between" gap="4" py="1.5" fontSize="14px">
          <Box as="dt" color="gray.500" flexShrink={0}>
            {k}
          </Box>
          <Box as="dd" color="ink" textAlign="right" wordBreak="break-all">
            {v}
          </Box>
        </Flex>
      ))}
    </Box>
  );
}

function DesktopMark() {
  return (
    <Box position="relative" color="brand.500" mt="2">
      <svg width="96" height="72" viewBox="0 0 96 72" fill="none" aria-hidden="true">
        <rect x="10" y="4" width="76" height="50" rx="6" fill="#fff7ed" stroke="currentColor" strokeWidth="3" />
        <path d="M34 66h28M48 54v12" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <Box position="absolute" top="14px" left="50%" transform="translateX(-50%)">
        <LogoMark size={28} />
      </Box>
    </Box>
  );
}
