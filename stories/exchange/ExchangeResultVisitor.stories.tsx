import type { Meta, StoryObj } from '@storybook/react-vite';
import { ExchangeResultVisitorView } from '../../src/pages/exchange-success/ExchangeSuccessView';
import { desktop, phone } from '../layout';
import { linkTo, shows } from '../play';

/** `/exchange/success` for a visitor: what follows a redemption, the catalogue, the login back to the same address. */
const meta = {
  title: 'Exchange/ResultVisitor',
  component: ExchangeResultVisitorView,
  parameters: { route: '/exchange/success?id=1024' },
  args: { loginHref: '/login?redirect=%2Fexchange%2Fsuccess%3Fid%3D1024' },
} satisfies Meta<typeof ExchangeResultVisitorView>;

export default meta;
type Story = StoryObj<typeof meta>;

const checks = shows(
  '兑换结果',
  '登录后查看你的兑换结果',
  linkTo('登录/注册', '/login?redirect=%2Fexchange%2Fsuccess%3Fid%3D1024'),
  '兑换之后',
  /微豆会全部退回/,
  linkTo('去兑换中心', '/exchange'),
);

export const Visitor: Story = { play: checks };
export const VisitorPhone: Story = { ...phone, play: checks };
export const VisitorDesktop: Story = { ...desktop, play: checks };
