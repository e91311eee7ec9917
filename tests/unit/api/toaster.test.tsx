import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { AppToaster } from '../../../src/components/AppToaster';
import { createToastService } from '../../../src/services/toast';

describe('<AppToaster />', () => {
  it('renders the service toasts and removes them when dismissed', () => {
    const service = createToastService();
    render(
      <ChakraProvider value={defaultSystem}>
        <AppToaster service={service} />
      </ChakraProvider>,
    );
    expect(screen.queryByTestId('app-toaster')).toBeNull();
    let id = 0;
    act(() => {
      id = service.error('网络错误')!.id;
      service.success('保存成功');
    });
    expect(screen.getByRole('alert').textContent).toContain('网络错误');
    expect(screen.getByRole('status').textContent).toContain('保存成功');
    act(() => service.dismiss(id));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('<AppToaster /> placement', () => {
  it('is in the middle of a phone screen (not over the header’s logo), at the top from md up', () => {
    const service = createToastService();
    render(
      <ChakraProvider value={defaultSystem}>
        <AppToaster service={service} />
      </ChakraProvider>,
    );
    act(() => void service.info('已复制'));
    // jsdom applies no media queries: what it computes is the phone (base) style.
    const style = getComputedStyle(screen.getByTestId('app-toaster'));
    expect(style.top).toBe('50%');
    expect(style.transform).toBe('translate(-50%, -50%)');
    const rules = [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n');
    expect(rules).toMatch(/@media[^{]*min-width[^{]*\{[^}]*top:\s*24px/);
  });
});
