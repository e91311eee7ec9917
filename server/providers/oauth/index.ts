/**
 * The configured social login providers (server/config.ts `oauth`). A provider that is not
 * configured does not exist here, so it is never offered.
 */
import type { OAuthConfig } from '../../config';
import { alipayProvider } from './alipay';
import { qqProvider } from './qq';
import { wechatProvider } from './wechat';
import { weiboProvider } from './weibo';
import type { FetchLike, OAuthProvider, SnsPlatformValue } from './types';

export * from './types';

export type ProviderRegistry = ReadonlyMap<SnsPlatformValue, OAuthProvider>;

function createProviders(oauth: OAuthConfig, fetchImpl?: FetchLike): ProviderRegistry {
  const list: OAuthProvider[] = [];
  const f = fetchImpl ? { fetch: fetchImpl } : {};
  if (oauth.wechat) list.push(wechatProvider({ ...oauth.wechat, ...f }));
  if (oauth.qq) list.push(qqProvider({ ...oauth.qq, ...f }));
  if (oauth.weibo) list.push(weiboProvider({ ...oauth.weibo, ...f }));
  if (oauth.alipay) list.push(alipayProvider({ ...oauth.alipay, ...f }));
  return new Map(list.map((p) => [p.platform, p]));
}

const cache = new WeakMap<OAuthConfig, ProviderRegistry>();

/** The providers of a config, built once per config object (keys are parsed once). */
export function providersFor(oauth: OAuthConfig): ProviderRegistry {
  let registry = cache.get(oauth);
  if (!registry) {
    registry = createProviders(oauth);
    cache.set(oauth, registry);
  }
  return registry;
}
