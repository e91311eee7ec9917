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
