/**
 * The footer says who runs the site as the served page says it (the meta the server writes), and
 * the build's words when the page carries none or a broken one.
 */
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { SITE_PROFILE_DEFAULTS } from '../../openapi/rules/siteProfile';
import { Footer } from '../../src/components/Footer';
import { forgetSiteProfile, siteProfile } from '../../src/services/siteProfile';

function serveMeta(content: string) {
  const meta = document.createElement('meta');
  meta.name = 'site-profile';
  meta.content = content;
  document.head.append(meta);
  forgetSiteProfile();
}

afterEach(() => {
  document.head.querySelectorAll('meta[name="site-profile"]').forEach((m) => m.remove());
  forgetSiteProfile();
});

describe('who runs the site, as the page says', () => {
  it("the footer shows the operator's company, filing numbers and support address", () => {
    serveMeta(
      JSON.stringify({
        ...SITE_PROFILE_DEFAULTS,
        companyName: '杭州问答星球科技有限公司',
        icpFilingNo: '浙ICP备20000000号-3',
        supportEmail: 'help@wenda.example.cn',
      }),
    );
    render(
      <ChakraProvider value={defaultSystem}>
        <MemoryRouter>
          <Footer year={2026} />
        </MemoryRouter>
      </ChakraProvider>,
    );
    const footer = screen.getByRole('contentinfo').textContent ?? '';
    expect(footer).toContain('© 2018-2026 杭州问答星球科技有限公司 版权所有');
    expect(footer).toContain('浙ICP备20000000号-3');
    expect(footer).not.toContain(SITE_PROFILE_DEFAULTS.companyName);
    expect(screen.getByRole('link', { name: 'help@wenda.example.cn' }).getAttribute('href')).toBe(
      'mailto:help@wenda.example.cn',
    );
  });

  it("without the meta, or with a broken one, the build's words", () => {
    expect(siteProfile()).toEqual(SITE_PROFILE_DEFAULTS);
    serveMeta('{not json');
    expect(siteProfile()).toEqual(SITE_PROFILE_DEFAULTS);
    serveMeta(JSON.stringify({ companyName: '', supportEmail: 42 }));
    expect(siteProfile()).toEqual(SITE_PROFILE_DEFAULTS);
  });
});
