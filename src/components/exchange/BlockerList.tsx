import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { blockerInfo } from './format';
import { PillLink } from '../PillLink';
import { QUALITY_LEVEL_PATH, EXCHANGE_PATH, TASKS_PATH } from '../../routing/paths';

/**
 * Why the member cannot redeem now, one row per blocker: its zh-CN reason and the way to fix it
 * (verify identity / add an address inline, bind a payout account, earn points, see what the
 * answer-quality levels ask, pick another reward). The open inline form is rendered under its row (`forms`).
 */
export interface BlockerItem {
  code: number;
  msg: string;
}

export interface BlockerListProps {
  blockers: BlockerItem[];
  /** Which inline form is open. */
  openForm?: 'identity' | 'address' | null;
  forms?: { identity?: ReactNode; address?: ReactNode };
  /** Where payout accounts are bound (the personal centre), when the site has that page. */
  bindingPath?: string | null;
  /** No payout account can be bound on this site: a cash reward says why it waits, with no 去绑定. */
  payoutUnavailable?: boolean;
  onOpenForm?: (form: 'identity' | 'address') => void;
}

/** Why a cash reward waits when the site offers no payout account to bind, and what to do meanwhile. */
export const PAYOUT_UNAVAILABLE_TEXT =
  '本站暂时还不能绑定支付宝或微信收款账号，现金商品暂不能兑换。可以先用微豆兑换卡券或实物；开放绑定后我们会发站内消息通知你。';

export function BlockerList({
  blockers,
  openForm = null,
  forms,
  bindingPath,
  payoutUnavailable = false,
  onOpenForm,
}: BlockerListProps) {
  return (
    <Stack gap="3" as="ul" listStyleType="none" m="0" p="0" aria-label="暂不能兑换的原因">
      {blockers.map((b) => {
        const info = blockerInfo(b.code);
        const { fix } = info;
        const title = fix.kind === 'binding' && payoutUnavailable ? '现金暂不能兑换' : info.title;
        const formKind = fix.kind === 'identity' ? 'identity' : fix.kind === 'address' ? 'address' : null;
        const open = formKind !== null && openForm === formKind;
        let action: ReactNode = null;
        if (formKind && !open)
          action = (
            <Button size="sm" colorPalette="brand" borderRadius="full" onClick={() => onOpenForm?.(formKind)}>
              {formKind === 'identity' ? '去实名认证' : '填写收货地址'}
            </Button>
          );
        else if (fix.kind === 'earn') action = <PillLink to={TASKS_PATH}>去赚微豆</PillLink>;
        else if (fix.kind === 'quality') action = <PillLink to={QUALITY_LEVEL_PATH}>查看质量等级</PillLink>;
        else if (fix.kind === 'binding' && payoutUnavailable)
          action = (
            <Button asChild size="sm" variant="outline" borderRadius="full">
              <RouterLink to={EXCHANGE_PATH}>看看其他商品</RouterLink>
            </Button>
          );
        else if (fix.kind === 'binding' && bindingPath)
          action = (
            <Button asChild size="sm" colorPalette="brand" borderRadius="full">
              <RouterLink to={bindingPath}>去绑定</RouterLink>
            </Button>
          );
        else if (fix.kind === 'browse')
          action = (
            <Button asChild size="sm" variant="outline" borderRadius="full">
              <RouterLink to={EXCHANGE_PATH}>看看其他商品</RouterLink>
            </Button>
          );
        return (
          <Box
            as="li"
            key={b.code}
            borderWidth="1px"
            borderColor="orange.100"
            bg="orange.50"
            borderRadius="lg"
            p="3.5"
            data-testid="blocker"
            data-code={b.code}
          >
            <Flex gap="3" align={{ base: 'flex-start', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
              <Box flex="1" minW="0">
                <Text fontSize="14px" fontWeight="semibold" color="orange.800">
                  {title}
                </Text>
                <Text fontSize="13px" color="gray.700" mt="0.5">
                  {fix.kind === 'binding' && payoutUnavailable ? PAYOUT_UNAVAILABLE_TEXT : b.msg}
                </Text>
                {fix.kind === 'binding' && !payoutUnavailable && (
                  <Text fontSize="12px" color="gray.600" mt="1">
                    {bindingPath
                      ? '现金将打到你绑定的支付宝或微信账号，账号实名须与认证信息一致。'
                      : '现金只能打到已绑定的支付宝或微信账号。绑定方法：退出登录后，在登录页选择支付宝或微信登录，按提示输入本账号的手机号和验证码，即可把该账号绑定到你的微豆账号；再回到这里兑换。'}
                  </Text>
                )}
              </Box>
              {action && <Box flexShrink={0}>{action}</Box>}
            </Flex>
            {open && forms?.[formKind] && (
              <Box
                mt="3"
                pt="3"
                borderTopWidth="1px"
                borderColor="orange.100"
                bg="white"
                mx="-3.5"
                mb="-3.5"
                p="3.5"
                borderBottomRadius="lg"
              >
                {forms[formKind]}
              </Box>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
