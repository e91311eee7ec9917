import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { TASKS_PATH } from '../../routing/paths';

export interface NotFoundViewProps {
  homePath?: string;
  taskPath?: string;
}

/** `/404`: the page was moved or never existed; offer the way home. */
export function NotFoundView({ homePath = '/', taskPath = TASKS_PATH }: NotFoundViewProps) {
  return (
    <Flex minH={{ base: '70vh', md: '72vh' }} align="center" justify="center" px="5" py="12" bg="white">
      <Stack align="center" textAlign="center" gap="4" maxW="440px">
        <Box
          as="p"
          fontSize={{ base: '88px', md: '120px' }}
          fontWeight="bold"
          lineHeight="1"
          letterSpacing="0.04em"
          bgGradient="to-br"
          gradientFrom="brand.300"
          gradientTo="brand.600"
          bgClip="text"
          color="transparent"
        >
          404
        </Box>
        <Heading as="h1" fontSize={{ base: '22px', md: '26px' }} color="ink">
          页面走丢了
        </Heading>
        <Text color="gray.600" fontSize="15px" lineHeight="1.8">
          你访问的页面不存在或已被移除，可能是链接有误或页面已经下线。
        </Text>
        <Flex gap="3" mt="2" direction={{ base: 'column', sm: 'row' }} width={{ base: '100%', sm: 'auto' }}>
          <Button asChild colorPalette="brand" borderRadius="full" px="8" size="lg">
            <RouterLink to={homePath}>返回首页</RouterLink>
          </Button>
          <Button asChild variant="outline" colorPalette="brand" borderRadius="full" px="8" size="lg">
            <RouterLink to={taskPath}>去做任务</RouterLink>
          </Button>
        </Flex>
      </Stack>
    </Flex>
  );
}
