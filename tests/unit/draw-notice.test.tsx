import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { DrawNotice } from '../../src/components/DrawNotice';

const styles = () => [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n');

describe('<DrawNotice />', () => {
  it('reveals a result (拆礼物, the wheel) with a short unwrap animation, none under prefers-reduced-motion', () => {
    render(
      <ChakraProvider value={defaultSystem}>
        <DrawNotice role="status">恭喜抽中「20 微豆」</DrawNotice>
      </ChakraProvider>,
    );
    const box = screen.getByRole('status');
    expect(box.hasAttribute('data-reveal')).toBe(true);
    const css = styles();
    const cls = [...box.classList].find((c) => new RegExp(`\\.${c}\\{[^}]*animation:`).test(css))!;
    expect(cls).toBeTruthy();
    const name = new RegExp(`\\.${cls}\\{[^}]*animation:([\\w-]+) 520ms`).exec(css)?.[1];
    expect(name).toBeTruthy();
    expect(css).toMatch(new RegExp(`@keyframes ${name}\\{0%\\{opacity:0;[^}]*scale\\(0\\.6\\)`));
    expect(css).toMatch(new RegExp(`@media \\(prefers-reduced-motion: reduce\\)\\{\\.${cls}\\{[^}]*animation:none`));
  });

  it('a refusal just appears', () => {
    render(
      <ChakraProvider value={defaultSystem}>
        <DrawNotice role="alert">抽奖机会已用完</DrawNotice>
      </ChakraProvider>,
    );
    expect(screen.getByRole('alert').hasAttribute('data-reveal')).toBe(false);
  });
});
