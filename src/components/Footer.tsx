import { Box, chakra, Container, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { SiteProfile } from '../../openapi/rules/siteProfile';
import { COPYRIGHT_SINCE, ICP_FILING_URL, PSB_FILING_URL } from '../config';
import { siteProfile } from '../services/siteProfile';
import { Logo } from './Logo';
import { ABOUT_PATH, AGREEMENT_PATH, APP_PATHS, COOPERATE_PATH, PRIVACY_PATH } from '../routing/paths';

const FOOTER_LINKS = [
  { label: '关于我们', to: ABOUT_PATH },
  { label: '用户协议', to: AGREEMENT_PATH },
  { label: '隐私政策', to: PRIVACY_PATH },
  { label: '商务合作', to: COOPERATE_PATH },
  { label: '下载 App', to: APP_PATHS.intro },
] as const;

/**
 * The site footer (spec §1): static links, copyright and filing numbers of whoever runs the site
 * (`site`, the page's site profile unless a story passes one). `year` is injectable for stories.
 */
export function Footer({
  year = new Date().getFullYear(),
  site = siteProfile(),
}: {
  year?: number;
  site?: SiteProfile;
}) {
  return (
    <Box as="footer" bg="#1c1f24" color="gray.400" fontSize="13px" mt="auto">
      <Container maxW="1200px" px={{ base: '5', md: '6' }} py={{ base: '8', md: '10' }}>
        <Flex direction={{ base: 'column', md: 'row' }} justify="space-between" gap={{ base: '6', md: '10' }}>
          <Stack gap="3" maxW="360px">
            <Logo onDark size={28} />
            <Text lineHeight="1.8">用心答好每一份问卷，让你的观点被听见，也让时间有回报。</Text>
            <Text>
              客服邮箱：
              <chakra.a href={`mailto:${site.supportEmail}`} color="gray.300" _hover={{ color: 'white' }}>
                {site.supportEmail}
              </chakra.a>
            </Text>
          </Stack>
          <HStack as="nav" aria-label="页脚导航" gap={{ base: '5', md: '8' }} flexWrap="wrap" alignItems="flex-start">
            {FOOTER_LINKS.map((link) => (
              <Box key={link.to} asChild color="gray.200" fontSize="14px" _hover={{ color: 'white' }}>
                <RouterLink to={link.to}>{link.label}</RouterLink>
              </Box>
            ))}
          </HStack>
        </Flex>
        <Box height="1px" bg="whiteAlpha.200" my={{ base: '6', md: '8' }} />
        <Flex
          direction={{ base: 'column', md: 'row' }}
          justify="space-between"
          gap="2"
          lineHeight="1.8"
          color="gray.400"
        >
          <Text>
            © {COPYRIGHT_SINCE}-{year} {site.companyName} 版权所有
          </Text>
          <HStack gap="4" flexWrap="wrap">
            <chakra.a href={ICP_FILING_URL} target="_blank" rel="noopener noreferrer" _hover={{ color: 'gray.300' }}>
              {site.icpFilingNo}
            </chakra.a>
            <chakra.a href={PSB_FILING_URL} target="_blank" rel="noopener noreferrer" _hover={{ color: 'gray.300' }}>
              {site.psbFilingNo}
            </chakra.a>
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
