import { Box, Text } from '@chakra-ui/react';
import { USER_CENTRE_PATH } from '../../routing/paths';
import { PillLink } from '../PillLink';

/** The personal centre with the address form open (src/pages/user, `?form=address`). */
export const ADDRESS_FORM_HREF = `${USER_CENTRE_PATH}?form=address`;

/**
 * A physical prize won on the lucky wheel by a member with no delivery address: it is approved and
 * shipped to the address they give (server/modules/exchange/lifecycle.ts), so ask for one.
 */
export function PrizeAddressNotice() {
  return (
    <Box bg="orange.50" borderRadius="lg" px="3.5" py="3" role="status">
      <Text fontSize="14px" color="orange.900">
        这件奖品还没有收货地址。填写后，审核通过即寄往该地址。
      </Text>
      <PillLink to={ADDRESS_FORM_HREF} mt="2">
        填写收货地址
      </PillLink>
    </Box>
  );
}

/** What an exchange cost: a prize won on the wheel cost nothing. */
export const costText = (e: { points: number; won?: boolean }, formatted: string) =>
  e.won ? '幸运大转盘奖品' : `${formatted} 微豆`;
