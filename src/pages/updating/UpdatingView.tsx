import { Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Logo } from '../../components/Logo';
import { ToolIcon } from '../../components/icons';
import { IconBadge } from '../../components/IconBadge';

export interface UpdatingViewProps {
  /** The operator's note, e.g. "预计 2 小时内恢复"; omitted when unknown. */
  estimate?: string;
  /** The page checks by itself and goes back when the site opens (not with a build-time switch). */
  watching?: boolean;
  /** Where members write meanwhile (the site operator's support address). */
  supportEmail: string;
}

/** `/updating`: the site is under maintenance (bare layout: no header, no links into the site). */
export function UpdatingView({ estimate, watching = false, supportEmail }: UpdatingViewProps) {
  return (
    <Flex minH="100vh" direction="column" align="center" justify="center" px="6" py="12" bg="gray.50">
      <Stack
        align="center"
        textAlign="center"
        gap="4"
        maxW="480px"
        bg="white"
        borderRadius="3xl"
        px={{ base: '6', md: '12' }}
        py={{ base: '10', md: '14' }}
        boxShadow="0 10px 40px rgba(15, 23, 42, 0.08)"
      >
        <Logo size={30} />
        <IconBadge mt="4" size="76px" iconSize="38px" borderRadius="full">
          <ToolIcon />
        </IconBadge>
        <Heading as="h1" fontSize={{ base: '22px', md: '26px' }} color="ink">
          系统维护中
        </Heading>
        <Text color="gray.600" fontSize="15px" lineHeight="1.9">
          为了给你更好的使用体验，微豆调研正在进行系统升级。维护期间暂时无法访问，你的微豆余额、任务记录和兑换记录都会完整保留。
        </Text>
        {estimate && (
          <Text fontWeight="semibold" color="brand.700">
            {estimate}
          </Text>
        )}
        {watching && (
          <Text fontSize="14px" color="gray.600" role="status">
            维护结束后，这个页面会自动带你回到刚才的页面，不用反复刷新。
          </Text>
        )}
        <Text textStyle="caption.soft">如有紧急问题，请发送邮件至 {supportEmail}</Text>
      </Stack>
    </Flex>
  );
}
