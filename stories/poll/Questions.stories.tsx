import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '@chakra-ui/react';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { validateQuestion, type Answer, type FormQuestion } from '../../machines/pollRules';
import { QuestionField } from '../../src/components/poll';
import {
  answer,
  basicQuestions,
  loadRegions,
  matrixQuestion,
  multipleQuestion,
  singleQuestion,
  textQuestion,
} from './fixtures';
import { desktop, phone } from '../layout';
import { shows } from '../play';

/**
 * Each question kind of src/components/poll on its own, answerable: the story keeps the answer
 * in state and, with `check`, shows the same zh-CN error the form would (validateQuestion).
 */
function QuestionHarness({
  question,
  initial,
  check = false,
  disabled = false,
}: {
  question: FormQuestion;
  initial?: Answer;
  check?: boolean;
  disabled?: boolean;
}) {
  const [value, setValue] = useState<Answer | undefined>(initial);
  return (
    <Box bg="gray.50" p={{ base: '4', md: '8' }} minH="100%">
      <Box maxW="760px" mx="auto">
        <QuestionField
          question={question}
          number={1}
          answer={value}
          error={check ? validateQuestion(question, value) : null}
          disabled={disabled}
          onChange={setValue}
          loadRegions={loadRegions}
        />
      </Box>
    </Box>
  );
}

const meta = {
  title: 'Poll/Questions',
  component: QuestionHarness,
  parameters: { route: '/task/poll/1?rid=rid_5f2c9a7e3b1d' },
  args: { question: singleQuestion },
} satisfies Meta<typeof QuestionHarness>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SingleChoice: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('group', { name: /你工作日最常用的出行方式是/ })).toBeInTheDocument();
    const radio = c.getByRole('radio', { name: '私家车' });
    await userEvent.click(radio);
    await expect(radio).toBeChecked();
    await userEvent.click(c.getByRole('radio', { name: '步行' }));
    await expect(radio).not.toBeChecked();
  },
};

export const SingleChoiceRequiredError: Story = {
  args: { check: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('请选择一项')).toBeInTheDocument();
    await userEvent.click(c.getByRole('radio', { name: '步行' }));
    await waitFor(() => expect(c.queryByText('请选择一项')).toBeNull());
  },
};

export const MultipleChoice: Story = {
  args: { question: multipleQuestion, check: true, initial: answer({ optionIds: [1] }) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('checkbox', { name: /私家车/ }));
    await userEvent.click(c.getByRole('checkbox', { name: /共享单车/ }));
    await expect(c.getByText(/已选 3 \/ 3 项/)).toBeInTheDocument();
    // At the limit a further option is not offered…
    await expect(c.getByRole('checkbox', { name: /网约车/ })).toBeDisabled();
    // …and the exclusive one clears the rest.
    await userEvent.click(c.getByRole('checkbox', { name: /周末基本不出门/ }));
    await expect(c.getByRole('checkbox', { name: /周末基本不出门/ })).toBeChecked();
    await expect(c.getByRole('checkbox', { name: /地铁/ })).not.toBeChecked();
    await expect(c.getByText(/已选 0 \/ 3 项/)).toBeInTheDocument();
  },
};

export const MultipleChoiceAtLimit: Story = {
  args: { question: multipleQuestion, initial: answer({ optionIds: [1, 2, 3] }) },
  play: shows(/如需更换请先取消一项/),
};

export const MultipleChoiceExclusiveError: Story = {
  args: { question: multipleQuestion, check: true, initial: answer({ optionIds: [1, 5] }) },
  play: shows('“周末基本不出门”不能与其他选项同时选择'),
};

export const OpenText: Story = {
  args: { question: textQuestion, check: true, initial: answer({ text: '地铁' }) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('请至少填写 5 个字（已填 2 个字）')).toBeInTheDocument();
    await expect(c.getByText('还需 3 个字')).toBeInTheDocument();
    const box = c.getByRole('textbox', { name: /出行还有哪些可以改进/ });
    await userEvent.type(box, '太挤了');
    await expect(c.getByTestId('text-count')).toHaveTextContent('已输入 5 / 2000 字');
    await waitFor(() => expect(c.queryByTestId('question-error')).toBeNull());
  },
};

export const OpenTextEmpty: Story = {
  args: { question: textQuestion },
  play: shows('填空，至少 5 个字', '还需 5 个字', '已输入 0 / 2000 字'),
};

export const Matrix: Story = {
  args: { question: matrixQuestion, check: true, initial: answer({ matrix: [{ rowId: 1, optionId: 2 }] }) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('请为每一行选择一项（还有 2 行未选）')).toBeInTheDocument();
    const row = c.getByRole('radiogroup', { name: /高峰期道路通畅/ });
    await userEvent.click(within(row).getByRole('radio', { name: '较差' }));
    const last = c.getByRole('radiogroup', { name: /停车方便/ });
    await userEvent.click(within(last).getByRole('radio', { name: '很差' }));
    await waitFor(() => expect(c.queryByTestId('question-error')).toBeNull());
  },
};

export const MatrixPhone: Story = {
  args: { question: matrixQuestion, initial: answer({ matrix: [{ rowId: 1, optionId: 2 }] }) },
  ...phone,
  play: shows('矩阵单选，每行选一项', '高峰期道路通畅', '停车方便'),
};

export const MatrixDesktop: Story = {
  args: { question: matrixQuestion, initial: answer({ matrix: [{ rowId: 1, optionId: 2 }] }) },
  ...desktop,
  play: shows('矩阵单选，每行选一项', '高峰期道路通畅', '停车方便'),
};

export const Disabled: Story = {
  args: { question: singleQuestion, initial: answer({ optionIds: [1] }), disabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('radio', { name: '私家车' })).toBeDisabled();
  },
};

export const DropDown: Story = {
  args: { question: basicQuestions[4]!, check: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('请选择一项')).toBeInTheDocument();
    await userEvent.selectOptions(c.getByRole('combobox', { name: /月收入/ }), '6000–9999 元');
    await waitFor(() => expect(c.queryByTestId('question-error')).toBeNull());
  },
};

export const DateAnswer: Story = {
  args: { question: basicQuestions[1]!, check: true },
  play: shows('请选择日期'),
};

export const RegionAnswer: Story = {
  args: { question: basicQuestions[2]!, check: true, initial: answer({ text: '440305' }) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const city = c.getByRole('combobox', { name: /城市$/ });
    await waitFor(() => expect(city).toHaveValue('440300'));
    await waitFor(() => expect(c.getByRole('combobox', { name: /区县$/ })).toHaveValue('440305'));
    await userEvent.selectOptions(c.getByRole('combobox', { name: /省份$/ }), '上海市');
    await waitFor(() => expect(c.getByText('请选择所在的城市')).toBeInTheDocument());
    await waitFor(() => expect(within(city).getByRole('option', { name: '上海市' })).toBeInTheDocument());
    await userEvent.selectOptions(city, '上海市');
    await waitFor(() => expect(c.queryByTestId('question-error')).toBeNull());
  },
};
