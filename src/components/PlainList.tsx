import { Stack, type StackProps } from '@chakra-ui/react';

/** A `<ul>` without bullets, indent or gaps (unless given): the rows of a record or ticket list. */
export function PlainList(props: StackProps) {
  return <Stack as="ul" gap="0" listStyleType="none" m="0" p="0" {...props} />;
}
