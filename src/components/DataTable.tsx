import { chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A compact table for staff pages: columns with zh-CN headings on desktop; from the phone width
 * down each row is a card of 「heading：value」 lines (one table in the page, restyled, so a row's
 * text is there once). Props only.
 */

export interface DataColumn<T> {
  label: string;
  render: (row: T) => ReactNode;
  /** Numbers: aligned right on desktop. */
  numeric?: boolean;
  /** Long text (a description, an excerpt) that wraps on desktop; other columns keep to one line. */
  wrap?: boolean;
}

export interface DataTableProps<T> {
  /** Names the table for screen readers (the section's heading). */
  label: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Said when there are no rows. */
  empty?: string;
  /** `data-testid` of each row. */
  rowTestId?: string;
}

const Scroller = chakra('div', { base: { overflowX: { base: 'visible', md: 'auto' }, width: '100%' } });
const Table = chakra('table', {
  base: {
    width: '100%',
    borderCollapse: 'collapse',
    fontSize: '14px',
    display: { base: 'block', md: 'table' },
  },
});
const Head = chakra('thead', {
  base: {
    // Phones read the headings beside each value instead.
    display: { base: 'none', md: 'table-header-group' },
  },
});
const Body = chakra('tbody', { base: { display: { base: 'block', md: 'table-row-group' } } });
const Row = chakra('tr', {
  base: {
    display: { base: 'block', md: 'table-row' },
    borderWidth: { base: '1px', md: '0' },
    borderBottomWidth: '1px',
    borderColor: 'gray.100',
    borderRadius: { base: 'md', md: '0' },
    px: { base: '3', md: '0' },
    py: { base: '2', md: '0' },
    mb: { base: '2', md: '0' },
  },
});
const HeadCell = chakra('th', {
  base: {
    textAlign: 'left',
    fontWeight: 'normal',
    color: 'gray.600',
    fontSize: '13px',
    px: '3',
    py: '2',
    borderBottomWidth: '1px',
    borderColor: 'gray.200',
    whiteSpace: 'nowrap',
  },
});
const Cell = chakra('td', {
  base: {
    display: { base: 'flex', md: 'table-cell' },
    justifyContent: 'space-between',
    gap: '3',
    px: { base: '0', md: '3' },
    py: { base: '1', md: '2' },
    verticalAlign: 'top',
    wordBreak: 'break-word',
    textAlign: { base: 'right', md: 'left' },
    _before: {
      content: 'attr(data-label)',
      display: { base: 'block', md: 'none' },
      color: 'gray.600',
      flexShrink: 0,
      textAlign: 'left',
    },
  },
});

export function DataTable<T>({ label, columns, rows, rowKey, empty = '暂无记录', rowTestId }: DataTableProps<T>) {
  if (rows.length === 0)
    return (
      <chakra.p color="gray.500" fontSize="14px" py="2">
        {empty}
      </chakra.p>
    );
  return (
    <Scroller>
      <Table aria-label={label}>
        <Head>
          <tr>
            {columns.map((c) => (
              <HeadCell key={c.label} scope="col" textAlign={c.numeric ? 'right' : 'left'}>
                {c.label}
              </HeadCell>
            ))}
          </tr>
        </Head>
        <Body>
          {rows.map((row) => (
            <Row key={rowKey(row)} data-testid={rowTestId}>
              {columns.map((c) => (
                <Cell
                  key={c.label}
                  data-label={c.label}
                  textAlign={c.numeric ? 'right' : undefined}
                  whiteSpace={{ base: 'normal', md: c.wrap ? 'normal' : 'nowrap' }}
                  minW={{ md: c.wrap ? '160px' : undefined }}
                >
                  {c.render(row)}
                </Cell>
              ))}
            </Row>
          ))}
        </Body>
      </Table>
    </Scroller>
  );
}
