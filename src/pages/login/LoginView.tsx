import { Box, Button, Flex, Spinner, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useEffect } from 'react';
import { AuthCard } from '../../components/auth/AuthCard';
import { AuthTabs, panelId, tabId } from '../../components/auth/AuthTabs';
import { IconBadge, Tick } from '../../components/auth/AuthStatus';
import {
  AccountPasswordField,
  ConsentCheckbox,
  MobileCodeFields,
  type SmsFormProps,
} from '../../components/auth/fields';
import { AccountForm, AuthLink, FormAlert, type SubmitProps } from '../../components/auth/formParts';
import { BannerCarousel, type BannerItem } from '../../components/promo/BannerCarousel';
import { SocialLogin, type SocialProvider } from '../../components/auth/SocialLogin';
import type { PasswordProps } from '../../components/auth/passwordProps';
import { AGREEMENT_PATH, PASSWORD_PATH, PRIVACY_PATH, REGISTER_PATH } from '../../routing/paths';

export type LoginTab = 'sms' | 'password' | 'qrcode';

/** The QR drawing (the `qrcode` package) loads when the QR tab is first shown, not with the page. */
const loadQrCodeImage = () => import('../../components/auth/QrCodeImage').then((m) => ({ default: m.QrCodeImage }));
const QrCodeImage = lazy(loadQrCodeImage);
const QR_SIZE = 178;

/** What the QR panel shows: the login machine's qrcode sub-states. */
export type QrStatus = 'loading' | 'waiting' | 'scanned' | 'confirmed' | 'refused' | 'expired' | 'error';

export interface LoginFieldErrors {
  mobile?: string | null;
  code?: string | null;
  password?: string | null;
}

/**
 * The mobile and code fields are {@link SmsFormProps} (shared with the other code forms), the
 * password field {@link PasswordProps}, the button {@link SubmitProps}.
 */
export interface LoginViewProps extends SmsFormProps, PasswordProps, SubmitProps {
  tab: LoginTab;
  /** Desktop only: phones log in by SMS or password. */
  showQrTab: boolean;
  onTabChange: (tab: LoginTab) => void;

  errors?: LoginFieldErrors;
  /** A field lost focus (the container starts showing its inline error). */
  onFieldBlur?: (field: keyof LoginFieldErrors) => void;

  qr: { status: QrStatus; url?: string | null; onRefresh: () => void };

  /** The agreement is ticked: SMS login registers a number without an account (登录即注册), so it needs it. */
  agreed: boolean;
  onAgreedChange: (agreed: boolean) => void;

  /** Password login is locked after too many failures: seconds until it may be tried again (0: not locked). */
  lockSeconds?: number;
  /** 改用短信验证码登录: the SMS tab, the mobile kept. */
  onUseSms?: () => void;

  providers: readonly SocialProvider[];
  socialPending?: number | null;
  onSocial: (platform: number) => void;

  registerPath?: string;
  passwordPath?: string;

  /** The login banners for this screen (none: the brand panel's own perks, nothing above the form). */
  banners?: readonly BannerItem[];
  /** The banners' call has not answered yet: phones keep the picture's place so the form does not jump down. */
  bannersLoading?: boolean;
}

/** Login banners: 600×450 (4:3) beside the form on desktop, 750×240 above it on phones. */
const LOGIN_BANNER_RATIO = { base: 750 / 240, md: 4 / 3 };

const TABS_ALL = [
  { value: 'sms', label: '短信登录' },
  { value: 'password', label: '密码登录' },
  { value: 'qrcode', label: '扫码登录' },
] as const;
const TABS_PHONE = TABS_ALL.slice(0, 2);
const ID = 'login';

/** `/login`: SMS / password / (desktop) QR login, links to register and forgot password, social logins. */
export function LoginView(props: LoginViewProps) {
  const { tab, showQrTab, onTabChange, registerPath = REGISTER_PATH, banners = [], bannersLoading = false } = props;
  const current: LoginTab = tab === 'qrcode' && !showQrTab ? 'sms' : tab;
  // The desktop layout (the only one with the QR tab) has the brand panel; phones show them above.
  const promo = banners.length
    ? {
        node: <BannerCarousel banners={banners} label="登录页配图" ratio={LOGIN_BANNER_RATIO} />,
        at: showQrTab ? ('panel' as const) : ('top' as const),
      }
    : bannersLoading && !showQrTab
      ? {
          node: (
            <Box
              aspectRatio={LOGIN_BANNER_RATIO.base}
              borderRadius="xl"
              bg="gray.100"
              data-testid="banner-placeholder"
            />
          ),
          at: 'top' as const,
        }
      : undefined;
  return (
    <AuthCard
      title="欢迎登录微豆调研"
      subtitle="做问卷、赚微豆，好礼随心换"
      footer={{ text: '还没有账号？', link: '注册账号', to: registerPath }}
      promo={promo}
    >
      <AuthTabs
        idPrefix={ID}
        label="登录方式"
        tabs={showQrTab ? TABS_ALL : TABS_PHONE}
        value={current}
        onChange={onTabChange}
      />
      <Box role="tabpanel" id={panelId(ID, current)} aria-labelledby={tabId(ID, current)}>
        {current === 'qrcode' ? <QrPanel {...props.qr} /> : <LoginForm {...props} tab={current} />}
      </Box>
      {current !== 'qrcode' && (
        <SocialLogin providers={props.providers} pending={props.socialPending} onSelect={props.onSocial} />
      )}
      {current === 'password' && (
        <Text mt="6" fontSize="12px" color="gray.500" textAlign="center" lineHeight="1.8">
          登录即表示同意
          <AuthLink to={AGREEMENT_PATH}>《用户协议》</AuthLink>
          <AuthLink to={PRIVACY_PATH}>《隐私政策》</AuthLink>
        </Text>
      )}
    </AuthCard>
  );
}

function LoginForm(props: LoginViewProps & { tab: 'sms' | 'password' }) {
  const { tab, errors = {}, submitting, passwordPath = PASSWORD_PATH } = props;
  return (
    <AccountForm form={props} label={tab === 'sms' ? '短信登录' : '密码登录'} action="登录" loadingText="登录中…">
      <MobileCodeFields
        form={props}
        errors={errors}
        disabled={submitting}
        onFieldBlur={props.onFieldBlur}
        only={tab === 'password' ? 'mobile' : undefined}
      />
      {tab === 'password' && <AccountPasswordField form={props} />}
      {tab === 'sms' && <SmsConsent agreed={props.agreed} onAgreedChange={props.onAgreedChange} />}
      {tab === 'password' && !!props.lockSeconds && (
        <LockNotice seconds={props.lockSeconds} onUseSms={props.onUseSms} />
      )}
      <Flex justify="flex-end" mt="-1" fontSize="14px">
        <AuthLink to={passwordPath}>忘记密码？</AuthLink>
      </Flex>
    </AccountForm>
  );
}

/** 登录即注册: the SMS form's consent, and what it means for a number without an account. */
function SmsConsent({ agreed, onAgreedChange }: Pick<LoginViewProps, 'agreed' | 'onAgreedChange'>) {
  return (
    <Stack gap="1">
      <ConsentCheckbox checked={agreed} onChange={onAgreedChange} />
      <Text fontSize="12px" color="gray.500" pl="6" lineHeight="1.6">
        未注册的手机号验证后将自动注册微豆调研账号
      </Text>
    </Stack>
  );
}

/** 14 分 59 秒 / 59 秒. */
function waitText(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m > 0 ? `${m} 分 ${s} 秒` : `${s} 秒`;
}

/** Too many wrong passwords: how long until another try, and the way in by SMS meanwhile. */
function LockNotice({ seconds, onUseSms }: { seconds: number; onUseSms?: () => void }) {
  return (
    <FormAlert>
      <Stack gap="2.5" align="flex-start">
        <Text>
          密码错误次数过多，密码登录已暂停。
          {/* The countdown ticks every second: not re-announced each time. */}
          <Box as="span" aria-live="off" fontWeight="semibold" whiteSpace="nowrap">
            {waitText(seconds)}
          </Box>
          后可再试，也可以用短信验证码登录。
        </Text>
        {onUseSms && (
          <Button size="sm" variant="outline" colorPalette="brand" borderRadius="full" onClick={onUseSms}>
            改用短信验证码登录
          </Button>
        )}
      </Stack>
    </FormAlert>
  );
}

const QR_COPY: Record<Exclude<QrStatus, 'loading' | 'waiting'>, { title: string; text: string; action?: string }> = {
  scanned: { title: '已扫描，请在手机上确认', text: '请在手机上点击「确认登录」' },
  confirmed: { title: '登录成功', text: '正在进入微豆调研…' },
  refused: { title: '已取消，点击刷新', text: '你在手机上取消了本次登录', action: '刷新二维码' },
  expired: { title: '二维码已失效，点击刷新', text: '二维码有效期已过，请刷新后重新扫描', action: '刷新二维码' },
  error: { title: '二维码加载失败', text: '网络似乎不太稳定，请稍后重试', action: '重新加载' },
};

/** The QR tab: the code of the ticket URL and what the phone has done with it. */
export function QrPanel({ status, url, onRefresh }: LoginViewProps['qr']) {
  const overlay = status !== 'loading' && status !== 'waiting';
  const copy = overlay ? QR_COPY[status] : null;
  // Start loading the drawing while the ticket is being fetched; a failure shows in the Suspense below.
  useEffect(() => {
    loadQrCodeImage().catch(() => {});
  }, []);
  return (
    <Stack align="center" gap="5" pb="2" data-status={status}>
      <Box
        position="relative"
        width="204px"
        height="204px"
        p="3"
        borderRadius="xl"
        borderWidth="1px"
        borderColor="gray.100"
        boxShadow="0 4px 16px rgba(15, 23, 42, 0.06)"
        bg="white"
      >
        {status === 'loading' || !url ? (
          <Flex width="100%" height="100%" align="center" justify="center" role="status" aria-label="二维码加载中">
            {status === 'loading' && <Spinner size="lg" color="brand.500" borderWidth="3px" />}
          </Flex>
        ) : (
          <Box opacity={overlay ? 0.12 : 1} transition="opacity 0.2s ease">
            <Suspense fallback={<Box width={`${QR_SIZE}px`} height={`${QR_SIZE}px`} />}>
              <QrCodeImage value={url} size={QR_SIZE} label="扫码登录二维码" />
            </Suspense>
          </Box>
        )}
        {copy && (
          <Flex
            position="absolute"
            inset="0"
            direction="column"
            align="center"
            justify="center"
            gap="3"
            px="4"
            textAlign="center"
          >
            {status === 'scanned' || status === 'confirmed' ? <CheckBadge /> : <WarnBadge />}
            {copy.action ? (
              <Button size="sm" colorPalette="brand" borderRadius="full" px="5" onClick={onRefresh}>
                {copy.action}
              </Button>
            ) : null}
          </Flex>
        )}
      </Box>
      <Stack gap="1.5" align="center" textAlign="center" aria-live="polite">
        <Text
          fontSize="16px"
          fontWeight="semibold"
          color={status === 'scanned' || status === 'confirmed' ? 'green.600' : 'ink'}
        >
          {copy ? copy.title : status === 'loading' ? '正在生成二维码…' : '扫码登录'}
        </Text>
        <Text fontSize="14px" color="gray.500" maxW="300px">
          {copy ? (
            copy.text
          ) : (
            <>
              打开手机上已登录的
              <Box as="strong" color="brand.600" fontWeight="semibold">
                微豆调研
              </Box>
              ，使用扫一扫扫描二维码登录
            </>
          )}
        </Text>
      </Stack>
    </Stack>
  );
}

function CheckBadge() {
  return (
    <IconBadge size="52px" icon={28} stroke={2.4} bg="green.500" color="white">
      <Tick />
    </IconBadge>
  );
}

function WarnBadge() {
  return (
    <IconBadge size="52px" icon={28} stroke={2} bg="gray.100" color="gray.500">
      <path d="M20 11a8 8 0 1 0-2.3 5.7M20 5v6h-6" strokeLinecap="round" strokeLinejoin="round" />
    </IconBadge>
  );
}
